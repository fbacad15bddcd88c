import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inClusterApi } from '../src/cluster-secrets/kubernetes-api';

describe('inClusterApi: the API server as a pod reaches it', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'service-account-'));
    fs.writeFileSync(path.join(dir, 'token'), 'the-token\n');
    fs.writeFileSync(path.join(dir, 'ca.crt'), '-----BEGIN CERTIFICATE-----\n');
    fs.writeFileSync(path.join(dir, 'namespace'), 'mcat');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("reads the kubelet's variables and the mounted service account", () => {
    const env = { KUBERNETES_SERVICE_HOST: '10.96.0.1', KUBERNETES_SERVICE_PORT: '443' };
    const { api, namespace } = inClusterApi(env, dir);
    expect(api.url).toBe('https://10.96.0.1:443');
    expect(api.token).toBe('the-token');
    expect(namespace).toBe('mcat');
  });

  it('puts an IPv6 address in brackets', () => {
    const env = { KUBERNETES_SERVICE_HOST: 'fd00:10:96::1', KUBERNETES_SERVICE_PORT: '443' };
    expect(inClusterApi(env, dir).api.url).toBe('https://[fd00:10:96::1]:443');
  });

  it('says to run it in a pod when the variables are missing', () => {
    expect(() => inClusterApi({}, dir)).toThrow(
      'KUBERNETES_SERVICE_HOST is not set: run this in a Kubernetes pod',
    );
  });

  it('says the token must be mounted when it is not', () => {
    fs.rmSync(path.join(dir, 'token'));
    expect(() => inClusterApi({ KUBERNETES_SERVICE_HOST: '10.96.0.1' }, dir)).toThrow(
      /token is missing: the pod needs automountServiceAccountToken: true/,
    );
  });
});

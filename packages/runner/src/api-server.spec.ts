import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startApiServer, type ApiServer } from './api-server';
import { kubernetesGoMod } from './tools';

const isRunning = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('the API server of the tests', () => {
  let server: ApiServer;
  const kubeHome = path.join(os.homedir(), '.kube');
  const hadKubeHome = fs.existsSync(kubeHome);

  beforeAll(async () => {
    server = await startApiServer();
  }, 20 * 60_000);

  afterAll(async () => {
    if (server && fs.existsSync(server.dir)) await server.stop();
  });

  it('answers kubectl as Kubernetes v1.34.4, with an admin allowed everything', () => {
    const version = server.kubectl(['version', '-o', 'json']);
    expect(version.status).toBe(0);
    const { serverVersion, clientVersion } = JSON.parse(version.stdout) as Record<
      string,
      { gitVersion: string }
    >;
    expect([serverVersion?.gitVersion, clientVersion?.gitVersion]).toEqual(['v1.34.4', 'v1.34.4']);
    expect(server.kubectl(['auth', 'can-i', '*', '*']).stdout.trim()).toBe('yes');
    expect(server.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
  });

  it('stops every process it started and leaves no file behind', async () => {
    expect(server.pids).toHaveLength(2);
    expect(server.pids.every(isRunning)).toBe(true);
    expect(fs.existsSync(`${server.dir}/kube-cache`)).toBe(true);
    await server.stop();
    expect(server.pids.filter(isRunning)).toEqual([]);
    expect(fs.existsSync(server.dir)).toBe(false);
    expect(fs.existsSync(kubeHome)).toBe(hadKubeHome);
  });
});

describe("the Kubernetes module's go.mod, made buildable without staging/", () => {
  const published = [
    'module k8s.io/kubernetes',
    '',
    'require (',
    '\tgithub.com/spf13/cobra v1.9.1',
    '\tk8s.io/api v0.0.0',
    '\tk8s.io/component-base v0.0.0',
    '\tk8s.io/utils v0.0.0-20250604170112-4c0f3b243397',
    ')',
    '',
    'replace (',
    '\tk8s.io/api => ./staging/src/k8s.io/api',
    '\tk8s.io/component-base => ./staging/src/k8s.io/component-base',
    ')',
    '',
  ].join('\n');

  it('drops the replace block and requires the published staging modules of the version', () => {
    expect(kubernetesGoMod(published, 'v1.34.4')).toBe(
      [
        'module k8s.io/kubernetes',
        '',
        'require (',
        '\tgithub.com/spf13/cobra v1.9.1',
        '\tk8s.io/api v0.34.4',
        '\tk8s.io/component-base v0.34.4',
        '\tk8s.io/utils v0.0.0-20250604170112-4c0f3b243397',
        ')',
        '',
        '',
      ].join('\n'),
    );
  });
});

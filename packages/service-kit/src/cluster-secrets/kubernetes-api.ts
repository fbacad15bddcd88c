/**
 * The few Kubernetes API calls a pod of the product makes itself (the credentials hook Job of
 * helm/templates/credentials.yaml), over HTTPS with the cluster's CA and a service-account token.
 */
import fs from 'node:fs';
import https from 'node:https';
import path from 'node:path';

export interface KubernetesApi {
  /** https://host:port of the API server. */
  url: string;
  /** A bearer token: the pod's service-account token. */
  token: string;
  /** The PEM bundle the API server's certificate is checked against. */
  ca: string | Buffer;
}

/** Where the kubelet mounts a pod's service-account token, CA and namespace. */
export const SERVICE_ACCOUNT_DIR = '/var/run/secrets/kubernetes.io/serviceaccount';

/**
 * The API server as a pod reaches it: KUBERNETES_SERVICE_HOST and _PORT (set by the kubelet in
 * every container) and the mounted service account. Throws a sentence naming what is missing.
 */
export function inClusterApi(
  env: NodeJS.ProcessEnv,
  dir: string = SERVICE_ACCOUNT_DIR,
): { api: KubernetesApi; namespace: string } {
  const host = env.KUBERNETES_SERVICE_HOST;
  const port = env.KUBERNETES_SERVICE_PORT ?? '443';
  if (!host) throw new Error('KUBERNETES_SERVICE_HOST is not set: run this in a Kubernetes pod');
  const read = (name: string): string => {
    try {
      return fs.readFileSync(path.join(dir, name), 'utf8').trim();
    } catch {
      throw new Error(
        `${path.join(dir, name)} is missing: the pod needs automountServiceAccountToken: true`,
      );
    }
  };
  const hostInUrl = host.includes(':') ? `[${host}]` : host;
  return {
    api: { url: `https://${hostInUrl}:${port}`, token: read('token'), ca: read('ca.crt') },
    namespace: read('namespace'),
  };
}

export interface ApiAnswer {
  status: number;
  body: unknown;
}

/** One request to the API server; the body is sent and read as JSON. */
export function kubernetesRequest(
  api: KubernetesApi,
  method: 'GET' | 'POST' | 'PATCH',
  apiPath: string,
  body?: { contentType: string; value: unknown },
): Promise<ApiAnswer> {
  const payload = body === undefined ? undefined : JSON.stringify(body.value);
  return new Promise((resolve, reject) => {
    const request = https.request(
      new URL(apiPath, api.url),
      {
        method,
        ca: api.ca,
        timeout: 15_000,
        headers: {
          authorization: `Bearer ${api.token}`,
          accept: 'application/json',
          ...(body && payload !== undefined
            ? { 'content-type': body.contentType, 'content-length': Buffer.byteLength(payload) }
            : {}),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            // Not JSON (a proxy's page): kept as text for the error message.
          }
          resolve({ status: response.statusCode ?? 0, body: parsed });
        });
      },
    );
    request.on('timeout', () =>
      request.destroy(new Error(`${method} ${apiPath}: no answer in 15 s`)),
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/** The API server's own explanation of a refused request (its Status object's message). */
export function apiMessage(answer: ApiAnswer): string {
  const { body } = answer;
  if (typeof body === 'object' && body !== null && 'message' in body) {
    return String((body as { message: unknown }).message);
  }
  return typeof body === 'string' ? body.slice(0, 200) : '';
}

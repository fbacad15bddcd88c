/**
 * A Secret of random credentials created once in the cluster and kept from then on: the chart's
 * credentials hook Job runs this before every install and upgrade (helm/templates/credentials.yaml),
 * so `helm template` never has to generate, or read back, a secret value (GitOps tools render
 * the chart again and again; docs/adr/0031-credentials-created-in-the-cluster.md).
 */
import { randomBytes } from 'node:crypto';
import {
  apiMessage,
  kubernetesRequest,
  type ApiAnswer,
  type KubernetesApi,
} from './kubernetes-api';

export interface GeneratedSecret {
  namespace: string;
  name: string;
  /** The keys the Secret must hold; each missing one gets a new random value. */
  keys: string[];
  labels: Record<string, string>;
}

export interface SecretOutcome {
  /** Keys given a new value by this run. */
  created: string[];
  /** Keys the Secret already held, left as they were. */
  kept: string[];
}

/** 36 random bytes, 48 characters of base64url: well over INTERNAL_API_TOKEN's 32-character floor. */
export const randomCredential = (): string => randomBytes(36).toString('base64url');

const encode = (value: string): string => Buffer.from(value, 'utf8').toString('base64');

const secretData = (
  answer: ApiAnswer,
): { data: Record<string, string>; resourceVersion: string } => {
  const body = answer.body as {
    data?: Record<string, string>;
    metadata?: { resourceVersion?: string };
  };
  return { data: body.data ?? {}, resourceVersion: body.metadata?.resourceVersion ?? '' };
};

function refused(action: string, secret: GeneratedSecret, answer: ApiAnswer): Error {
  return new Error(
    `${action} Secret ${secret.namespace}/${secret.name}: the API server answered ${answer.status}` +
      ` (${apiMessage(answer)})`,
  );
}

/** Another writer got there first (a second Job, or an operator): read the Secret again. */
const RACED = new Set([409]);
const ATTEMPTS = 3;

/**
 * Makes sure the Secret exists and holds every key: creates it when absent, adds only the keys it
 * lacks when present (a new credential in a later chart version), and never changes a value.
 */
export async function ensureGeneratedSecret(
  api: KubernetesApi,
  secret: GeneratedSecret,
  newValue: () => string = randomCredential,
): Promise<SecretOutcome> {
  const secretPath = `/api/v1/namespaces/${encodeURIComponent(secret.namespace)}/secrets/${encodeURIComponent(secret.name)}`;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    const current = await kubernetesRequest(api, 'GET', secretPath);
    if (current.status === 404) {
      const data = Object.fromEntries(secret.keys.map((key) => [key, encode(newValue())]));
      const created = await kubernetesRequest(
        api,
        'POST',
        `/api/v1/namespaces/${encodeURIComponent(secret.namespace)}/secrets`,
        {
          contentType: 'application/json',
          value: {
            apiVersion: 'v1',
            kind: 'Secret',
            metadata: { name: secret.name, labels: secret.labels },
            type: 'Opaque',
            data,
          },
        },
      );
      if (created.status === 201) return { created: [...secret.keys], kept: [] };
      if (RACED.has(created.status)) continue;
      throw refused('creating', secret, created);
    }
    if (current.status !== 200) throw refused('reading', secret, current);
    const { data, resourceVersion } = secretData(current);
    const kept = secret.keys.filter((key) => data[key]);
    const missing = secret.keys.filter((key) => !data[key]);
    if (missing.length === 0) return { created: [], kept };
    // resourceVersion makes the patch fail (409) if the Secret changed since it was read.
    const patched = await kubernetesRequest(api, 'PATCH', secretPath, {
      contentType: 'application/merge-patch+json',
      value: {
        metadata: { resourceVersion },
        data: Object.fromEntries(missing.map((key) => [key, encode(newValue())])),
      },
    });
    if (patched.status === 200) return { created: missing, kept };
    if (RACED.has(patched.status)) continue;
    throw refused('adding keys to', secret, patched);
  }
  throw new Error(
    `Secret ${secret.namespace}/${secret.name} kept changing while it was written (${ATTEMPTS} tries)`,
  );
}

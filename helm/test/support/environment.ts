/** The environment a rendered container gets, resolved from the chart's ConfigMaps and Secrets. */
import type { Container, EnvVar } from 'kubernetes-types/core/v1';
import { byKind, type KubeObject } from './chart';

interface DataObject extends KubeObject {
  data?: Record<string, string>;
}

/** A value set from a Secret the chart does not create (existingSecret): known to exist only. */
export const FROM_EXISTING_SECRET = Symbol('from an existing Secret');
export type EnvValue = string | typeof FROM_EXISTING_SECRET;

/** The environment a container gets: its ConfigMaps (envFrom) and env entries, resolved. */
export function environmentOf(container: Container, objects: KubeObject[]): Map<string, EnvValue> {
  const configMaps = byKind<DataObject>(objects, 'ConfigMap');
  const secrets = byKind<DataObject>(objects, 'Secret');
  const env = new Map<string, EnvValue>();
  for (const source of container.envFrom ?? []) {
    const configMap = configMaps.find((map) => map.metadata.name === source.configMapRef?.name);
    if (!configMap)
      throw new Error(
        `envFrom names a ConfigMap the chart does not render: ${JSON.stringify(source)}`,
      );
    for (const [key, value] of Object.entries(configMap.data ?? {})) env.set(key, value);
  }
  for (const entry of container.env ?? ([] as EnvVar[])) {
    const secretRef = entry.valueFrom?.secretKeyRef;
    if (secretRef) {
      const secret = secrets.find((candidate) => candidate.metadata.name === secretRef.name);
      const encoded = secret?.data?.[secretRef.key];
      if (secret && encoded === undefined)
        throw new Error(`${entry.name}: Secret ${secretRef.name} has no key ${secretRef.key}`);
      env.set(
        entry.name,
        encoded === undefined
          ? FROM_EXISTING_SECRET
          : Buffer.from(encoded, 'base64').toString('utf8'),
      );
    } else {
      env.set(entry.name, entry.value ?? '');
    }
  }
  return env;
}

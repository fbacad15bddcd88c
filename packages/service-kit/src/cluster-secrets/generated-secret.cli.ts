/**
 * The chart's credentials hook Job (helm/templates/credentials.yaml), in a pod:
 *   node /app/packages/service-kit/dist/cluster-secrets/generated-secret.cli.js
 * SECRET_NAME names the Secret, SECRET_KEYS its keys (comma-separated), SECRET_LABELS its labels
 * (a JSON object); the namespace is the pod's own. Prints which keys it created and which it
 * kept, never a value.
 */
import { ensureGeneratedSecret } from './generated-secret';
import { inClusterApi } from './kubernetes-api';

async function main(env: NodeJS.ProcessEnv): Promise<void> {
  const name = env.SECRET_NAME;
  const keys = (env.SECRET_KEYS ?? '')
    .split(',')
    .map((key) => key.trim())
    .filter(Boolean);
  if (!name || keys.length === 0) throw new Error('SECRET_NAME and SECRET_KEYS must be set');
  const labels = JSON.parse(env.SECRET_LABELS ?? '{}') as Record<string, string>;
  const { api, namespace } = inClusterApi(env);
  const outcome = await ensureGeneratedSecret(api, { namespace, name, keys, labels });
  const list = (names: string[]) => (names.length > 0 ? names.join(', ') : 'none');
  process.stdout.write(
    `Secret ${namespace}/${name}: created ${list(outcome.created)}; kept ${list(outcome.kept)}\n`,
  );
}

main(process.env).then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);

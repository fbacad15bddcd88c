/**
 * The chart's credentials hook Job (helm/templates/credentials.yaml), in a pod:
 *   node /app/packages/service-kit/dist/cluster-secrets/generated-secret.cli.js
 * SECRETS lists the Secrets to make sure of, as JSON: `[{"name": ..., "keys": [...], "labels":
 * {...}}]`; the namespace is the pod's own. Prints, per Secret, which keys it created and which it
 * kept, never a value.
 */
import { z } from 'zod';
import { ensureGeneratedSecret } from './generated-secret';
import { inClusterApi } from './kubernetes-api';

const secretsSchema = z
  .array(
    z.object({
      name: z.string().min(1),
      keys: z.array(z.string().min(1)).min(1),
      labels: z.record(z.string(), z.string()).default({}),
    }),
  )
  .min(1);

async function main(env: NodeJS.ProcessEnv): Promise<void> {
  let secrets: z.infer<typeof secretsSchema>;
  try {
    secrets = secretsSchema.parse(JSON.parse(env.SECRETS ?? ''));
  } catch {
    throw new Error('SECRETS must be a JSON list of {"name", "keys": [...], "labels": {...}}');
  }
  const { api, namespace } = inClusterApi(env);
  const list = (names: string[]) => (names.length > 0 ? names.join(', ') : 'none');
  for (const secret of secrets) {
    const outcome = await ensureGeneratedSecret(api, { namespace, ...secret });
    process.stdout.write(
      `Secret ${namespace}/${secret.name}: created ${list(outcome.created)}; kept ${list(outcome.kept)}\n`,
    );
  }
}

main(process.env).then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);

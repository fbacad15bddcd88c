/**
 * The environment schemas of the deployables, read from their own config modules
 * (gateway/src/config.ts, services/<name>/src/config.ts): whatever zod schema each exports under a
 * name ending in `EnvSchema`. The chart checks follow the services as they add variables.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { REPO_ROOT } from './chart';

export type EnvSchema = z.ZodType;

export const CONFIG_MODULES: Record<string, string> = {
  gateway: 'gateway/src/config.ts',
  auth: 'services/auth/src/config.ts',
  tests: 'services/tests/src/config.ts',
  questions: 'services/questions/src/config.ts',
  billing: 'services/billing/src/config.ts',
  mailer: 'services/mailer/src/config.ts',
};

const isSchema = (value: unknown): value is EnvSchema =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as EnvSchema).safeParse === 'function';

export async function loadEnvSchemas(): Promise<Record<string, EnvSchema>> {
  const schemas: Record<string, EnvSchema> = {};
  for (const [deployable, file] of Object.entries(CONFIG_MODULES)) {
    const modulePath = path.join(REPO_ROOT, file);
    if (!fs.existsSync(modulePath)) throw new Error(`${file} is missing`);
    const exports = (await import(modulePath)) as Record<string, unknown>;
    const found = Object.entries(exports).filter(
      ([name, value]) => name.endsWith('EnvSchema') && isSchema(value),
    );
    if (found.length !== 1) throw new Error(`${file} must export one <name>EnvSchema`);
    schemas[deployable] = found[0]![1] as EnvSchema;
  }
  return schemas;
}

/** The object schema under any refine/transform wrappers. */
export function objectShape(schema: EnvSchema): Record<string, EnvSchema> {
  let current: unknown = schema;
  for (let depth = 0; depth < 10; depth += 1) {
    const candidate = current as {
      shape?: Record<string, EnvSchema>;
      _zod: { def: { type: string; in?: unknown } };
    };
    if (candidate.shape) return candidate.shape;
    if (candidate._zod.def.type === 'pipe') current = candidate._zod.def.in;
    else break;
  }
  throw new Error('the environment schema is not an object schema');
}

/** Variables the process cannot start without. */
export const requiredVariables = (schema: EnvSchema): string[] =>
  Object.entries(objectShape(schema))
    .filter(([, field]) => !field.safeParse(undefined).success)
    .map(([name]) => name);

/** Variables whose default only works on one machine (a loopback address). */
export const loopbackDefaults = (schema: EnvSchema): string[] =>
  Object.entries(objectShape(schema))
    .filter(([, field]) => {
      const parsed = field.safeParse(undefined);
      return parsed.success && /127\.0\.0\.1|localhost/.test(String(parsed.data));
    })
    .map(([name]) => name);

/**
 * The service credential of a local profile (INTERNAL_API_TOKEN): generated once into the
 * profile's data folder, next to auth's JWT key pair, readable by its owner only, and handed to
 * every process the runner starts. `/internal/*` and `/metrics` answer 404 to anyone without it.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Profile } from './ports';

/** The kit's minimum (packages/service-kit/src/config/env.ts). */
const MIN_LENGTH = 32;

export const internalTokenFile = (profile: Pick<Profile, 'dataDir'>): string =>
  path.join(profile.dataDir, 'keys', 'internal-api-token');

/** The profile's token: the stored one, or a new random one (256 bits) stored with mode 600. */
export function ensureInternalToken(profile: Pick<Profile, 'dataDir'>): string {
  const file = internalTokenFile(profile);
  const stored = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim() : '';
  if (stored.length >= MIN_LENGTH) return stored;
  const token = randomBytes(32).toString('base64url');
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  fs.writeFileSync(file, `${token}\n`, { mode: 0o600 });
  fs.chmodSync(file, 0o600);
  return token;
}

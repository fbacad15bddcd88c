/**
 * The credentials of a local profile, each generated once into the profile's data folder, next to
 * auth's JWT key pair, readable by its owner only: the service credential (INTERNAL_API_TOKEN),
 * without which `/internal/*` answers 404, and the metrics credential (METRICS_TOKEN), without
 * which `/metrics` does, both handed to every process the runner starts; and auth's
 * REVIEW_REMINDER_SECRET, which signs the unsubscribe links of reminder mails.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Profile } from './ports';

/** The kit's minimum (packages/service-kit/src/config/env.ts). */
const MIN_LENGTH = 32;

type DataDir = Pick<Profile, 'dataDir'>;

const keyFile = (profile: DataDir, name: string): string =>
  path.join(profile.dataDir, 'keys', name);

export const internalTokenFile = (profile: DataDir): string =>
  keyFile(profile, 'internal-api-token');

export const metricsTokenFile = (profile: DataDir): string => keyFile(profile, 'metrics-token');

export const reviewReminderSecretFile = (profile: DataDir): string =>
  keyFile(profile, 'review-reminder-secret');

/** The stored token, or a new random one (256 bits) stored with mode 600. */
function ensureToken(file: string): string {
  const stored = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim() : '';
  if (stored.length >= MIN_LENGTH) return stored;
  const token = randomBytes(32).toString('base64url');
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  fs.writeFileSync(file, `${token}\n`, { mode: 0o600 });
  fs.chmodSync(file, 0o600);
  return token;
}

export const ensureInternalToken = (profile: DataDir): string =>
  ensureToken(internalTokenFile(profile));

export const ensureMetricsToken = (profile: DataDir): string =>
  ensureToken(metricsTokenFile(profile));

export const ensureReviewReminderSecret = (profile: DataDir): string =>
  ensureToken(reviewReminderSecretFile(profile));

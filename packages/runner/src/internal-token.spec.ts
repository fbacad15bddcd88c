import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  ensureInternalToken,
  ensureMetricsToken,
  ensureReviewReminderSecret,
  internalTokenFile,
  metricsTokenFile,
  reviewReminderSecretFile,
} from './internal-token';

describe('the runner’s service credential', () => {
  let dataDir: string;

  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcat-internal-token-'));
  });

  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('is generated once under <dataDir>/keys, mode 600, and kept across starts', () => {
    const first = ensureInternalToken({ dataDir });
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const file = internalTokenFile({ dataDir });
    expect(file).toBe(path.join(dataDir, 'keys', 'internal-api-token'));
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(ensureInternalToken({ dataDir })).toBe(first);
  });

  it('keeps a metrics credential of its own beside it', () => {
    const internal = ensureInternalToken({ dataDir });
    const metrics = ensureMetricsToken({ dataDir });
    expect(metrics).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(metrics).not.toBe(internal);
    expect(metricsTokenFile({ dataDir })).toBe(path.join(dataDir, 'keys', 'metrics-token'));
    expect(fs.statSync(metricsTokenFile({ dataDir })).mode & 0o777).toBe(0o600);
    expect(ensureMetricsToken({ dataDir })).toBe(metrics);
  });

  it('keeps the secret of the reminders’ unsubscribe links apart from both', () => {
    const internal = ensureInternalToken({ dataDir });
    const metrics = ensureMetricsToken({ dataDir });
    const secret = ensureReviewReminderSecret({ dataDir });
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect([internal, metrics]).not.toContain(secret);
    const file = reviewReminderSecretFile({ dataDir });
    expect(file).toBe(path.join(dataDir, 'keys', 'review-reminder-secret'));
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(ensureReviewReminderSecret({ dataDir })).toBe(secret);
  });

  it('replaces a stored value too short to be accepted', () => {
    fs.mkdirSync(path.join(dataDir, 'keys'));
    fs.writeFileSync(internalTokenFile({ dataDir }), 'short\n');
    const token = ensureInternalToken({ dataDir });
    expect(token).toHaveLength(43);
    expect(fs.readFileSync(internalTokenFile({ dataDir }), 'utf8').trim()).toBe(token);
    expect(fs.statSync(internalTokenFile({ dataDir })).mode & 0o777).toBe(0o600);
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NATS_CREDS_MARKER } from '../infra/nats-credentials';
import { ConfigError, parseConfig, serviceEnvSchema } from './env';

const env = {
  PORT: '8102',
  MONGO_URL: 'mongodb://127.0.0.1:27117/mcat_tests',
  NATS_URL: 'nats://127.0.0.1:4322',
  REDIS_URL: 'redis://127.0.0.1:6479',
  JWKS_URL: 'http://127.0.0.1:8101/.well-known/jwks.json',
  INTERNAL_API_TOKEN: 'env-spec-internal-api-token-0123456789',
};

describe('service configuration', () => {
  it('accepts a replica-set MONGO_URL with several hosts', () => {
    const url = 'mongodb://a.example:27017,b.example:27017/mcat_tests?replicaSet=rs0';
    expect(parseConfig(serviceEnvSchema, { ...env, MONGO_URL: url }).MONGO_URL).toBe(url);
  });

  it('stops with one line naming MONGO_URL when it is malformed', () => {
    expect(() => parseConfig(serviceEnvSchema, { ...env, MONGO_URL: 'localhost:27017' })).toThrow(
      new ConfigError(
        'Invalid configuration: MONGO_URL must be a mongodb:// or mongodb+srv:// URL',
      ),
    );
  });

  it('stops with one line naming INTERNAL_API_TOKEN when it is missing or short', () => {
    const { INTERNAL_API_TOKEN: _omitted, ...rest } = env;
    expect(() => parseConfig(serviceEnvSchema, rest)).toThrow(
      new ConfigError('Invalid configuration: INTERNAL_API_TOKEN is required'),
    );
    expect(() =>
      parseConfig(serviceEnvSchema, { ...env, INTERNAL_API_TOKEN: 'x'.repeat(31) }),
    ).toThrow(
      new ConfigError('Invalid configuration: INTERNAL_API_TOKEN must be at least 32 characters'),
    );
  });

  it('reads TRUSTED_PROXIES as a list of addresses and CIDR blocks, none by default', () => {
    expect(parseConfig(serviceEnvSchema, env).TRUSTED_PROXIES).toEqual([]);
    expect(
      parseConfig(serviceEnvSchema, {
        ...env,
        TRUSTED_PROXIES: '127.0.0.1, ::1,::ffff:127.0.0.1,10.244.0.0/16, fd00::/8',
      }).TRUSTED_PROXIES,
    ).toEqual(['127.0.0.1', '::1', '::ffff:127.0.0.1', '10.244.0.0/16', 'fd00::/8']);
    for (const bad of ['loopback', '10.0.0.0/33', '10.0.0/8', '*', '10.0.0.1/8/1']) {
      expect(() => parseConfig(serviceEnvSchema, { ...env, TRUSTED_PROXIES: bad })).toThrow(
        'Invalid configuration: TRUSTED_PROXIES must be a comma-separated list of IP addresses or CIDR blocks',
      );
    }
  });

  it('reads EVENT_STREAM_REPLICAS as a whole number from 1 to 5, one by default', () => {
    expect(parseConfig(serviceEnvSchema, env).EVENT_STREAM_REPLICAS).toBe(1);
    expect(parseConfig(serviceEnvSchema, { ...env, EVENT_STREAM_REPLICAS: '3' })).toMatchObject({
      EVENT_STREAM_REPLICAS: 3,
    });
    for (const [bad, message] of [
      ['0', 'EVENT_STREAM_REPLICAS must be between 1 and 5'],
      ['6', 'EVENT_STREAM_REPLICAS must be between 1 and 5'],
      ['2.5', 'EVENT_STREAM_REPLICAS must be a whole number'],
      ['three', 'EVENT_STREAM_REPLICAS must be a number'],
    ] as const) {
      expect(() => parseConfig(serviceEnvSchema, { ...env, EVENT_STREAM_REPLICAS: bad })).toThrow(
        new ConfigError(`Invalid configuration: ${message}`),
      );
    }
  });

  it('takes NATS_CREDS_FILE only when it names a readable NATS credentials file', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcat-creds-'));
    try {
      const creds = path.join(dir, 'mcat.creds');
      fs.writeFileSync(
        creds,
        `${NATS_CREDS_MARKER}\neyJ0eXAiOiJKV1QifQ\n------END NATS USER JWT------\n`,
      );
      const notCreds = path.join(dir, 'ca.crt');
      fs.writeFileSync(notCreds, '-----BEGIN CERTIFICATE-----\n');
      expect(parseConfig(serviceEnvSchema, env).NATS_CREDS_FILE).toBeUndefined();
      expect(
        parseConfig(serviceEnvSchema, { ...env, NATS_CREDS_FILE: '' }).NATS_CREDS_FILE,
      ).toBeUndefined();
      expect(
        parseConfig(serviceEnvSchema, { ...env, NATS_CREDS_FILE: creds }).NATS_CREDS_FILE,
      ).toBe(creds);
      for (const bad of [path.join(dir, 'missing.creds'), notCreds, dir]) {
        expect(() => parseConfig(serviceEnvSchema, { ...env, NATS_CREDS_FILE: bad })).toThrow(
          new ConfigError(
            'Invalid configuration: NATS_CREDS_FILE must name a readable NATS credentials file',
          ),
        );
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names a missing variable', () => {
    const { REDIS_URL: _omitted, ...rest } = env;
    expect(() => parseConfig(serviceEnvSchema, rest)).toThrow(
      'Invalid configuration: REDIS_URL is required',
    );
  });
});

import { ConfigError, parseConfig, serviceEnvSchema } from './env';

const env = {
  PORT: '8102',
  MONGO_URL: 'mongodb://127.0.0.1:27117/mcat_tests',
  NATS_URL: 'nats://127.0.0.1:4322',
  REDIS_URL: 'redis://127.0.0.1:6479',
  JWKS_URL: 'http://127.0.0.1:8101/.well-known/jwks.json',
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

  it('names a missing variable', () => {
    const { REDIS_URL: _omitted, ...rest } = env;
    expect(() => parseConfig(serviceEnvSchema, rest)).toThrow(
      'Invalid configuration: REDIS_URL is required',
    );
  });
});

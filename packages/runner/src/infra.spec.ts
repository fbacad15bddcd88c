import os from 'node:os';
import path from 'node:path';
import { infraSpecs } from './infra';
import { TEST_PROFILE, type Profile } from './ports';

const profile: Profile = { ...TEST_PROFILE, dataDir: path.join(os.tmpdir(), 'mcat-infra-spec') };
const names = (external?: 'replace' | 'ignore') =>
  (external ? infraSpecs(profile, { external }) : infraSpecs(profile)).map((spec) => spec.name);

describe('infrastructure a profile starts', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  it('starts FerretDB, NATS and Redis when no external URL is set', () => {
    delete process.env.MONGO_URL;
    delete process.env.NATS_URL;
    delete process.env.REDIS_URL;
    expect(names()).toEqual(['ferretdb', 'nats', 'redis']);
  });

  it('lets the product stack use an external MongoDB and Redis instead of its own', () => {
    process.env.MONGO_URL = 'mongodb://db.example.com:27017';
    process.env.REDIS_URL = 'redis://cache.example.com:6379';
    delete process.env.NATS_URL;
    expect(names()).toEqual(['nats']);
  });

  it("still starts all three for jest's integration tests when external URLs are exported", () => {
    process.env.MONGO_URL = 'mongodb://db.example.com:27017';
    process.env.NATS_URL = 'nats://bus.example.com:4222';
    process.env.REDIS_URL = 'redis://cache.example.com:6379';
    expect(names('ignore')).toEqual(['ferretdb', 'nats', 'redis']);
  });
});

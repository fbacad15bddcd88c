import { PasswordHasher } from './password-hasher';

/**
 * Written by the `argon2` package (0.45.1) auth used before @node-rs/argon2, with the same options,
 * for the password 'correct horse battery staple': accounts registered then must still sign in.
 */
const HASH_FROM_ARGON2_0_45 =
  '$argon2id$v=19$m=19456,p=1,t=2$7rzqY2YGGaHh1Wcr6mNitQ$TWHw6btoB0o1z0gNGhZnfjEnxMjOrKqyatM8GUYRx3w';

describe('the password hasher', () => {
  const hasher = new PasswordHasher();

  beforeAll(() => hasher.onModuleInit());

  it('accepts the right password against a hash stored by the previous argon2 library', async () => {
    expect(await hasher.verify(HASH_FROM_ARGON2_0_45, 'correct horse battery staple')).toBe(true);
    expect(await hasher.verify(HASH_FROM_ARGON2_0_45, 'correct horse battery stapler')).toBe(false);
  });

  it('stores argon2id with 19 MiB, 2 passes, 1 lane, a 16-byte salt and a 32-byte hash', async () => {
    const stored = await hasher.hash('correct horse battery staple');
    expect(stored).toMatch(
      /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/,
    );
    expect(await hasher.hash('correct horse battery staple')).not.toBe(stored);
    expect(await hasher.verify(stored, 'correct horse battery staple')).toBe(true);
    expect(await hasher.verify(stored, 'Correct horse battery staple')).toBe(false);
  });

  it('refuses, without throwing, a stored value that is not a hash', async () => {
    expect(await hasher.verify('not-a-hash', 'correct horse battery staple')).toBe(false);
    expect(await hasher.verifyNobody('correct horse battery staple')).toBe(false);
  });
});

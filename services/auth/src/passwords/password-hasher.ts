import { Injectable, type OnModuleInit } from '@nestjs/common';
import argon2 from 'argon2';

/** OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. */
const ARGON2_OPTIONS: argon2.HashOptions = {
  type: argon2.argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

/**
 * Hashes and checks passwords with argon2id. `verifyNobody` spends the same time as a real check,
 * so an unknown e-mail cannot be told from a wrong password by the answer's timing.
 */
@Injectable()
export class PasswordHasher implements OnModuleInit {
  private dummyHash = '';

  async onModuleInit(): Promise<void> {
    this.dummyHash = await this.hash('not-a-real-password');
  }

  hash(password: string): Promise<string> {
    return argon2.hash(password, ARGON2_OPTIONS);
  }

  async verify(hash: string, password: string): Promise<boolean> {
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  }

  /** A check against a hash nobody owns: always false, and as slow as `verify`. */
  async verifyNobody(password: string): Promise<false> {
    await this.verify(this.dummyHash, password);
    return false;
  }
}

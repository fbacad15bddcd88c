import { Injectable, type OnModuleInit } from '@nestjs/common';
import {
  Algorithm,
  hash as argon2Hash,
  verify as argon2Verify,
  type Options,
} from '@node-rs/argon2';

/**
 * OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane, a 16-byte salt and a 32-byte hash (the
 * library's defaults, as the `argon2` package used before wrote them): stored as a PHC string,
 * `$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>`, which carries its own parameters.
 */
const ARGON2_OPTIONS: Options = {
  algorithm: Algorithm.Argon2id,
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
    return argon2Hash(password, ARGON2_OPTIONS);
  }

  async verify(hash: string, password: string): Promise<boolean> {
    try {
      return await argon2Verify(hash, password);
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

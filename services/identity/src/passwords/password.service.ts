import { randomBytes } from 'node:crypto';

import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { argon2id, hash, verify } from 'argon2';

import { IDENTITY_ENV, type IdentityEnv } from '../config/env';

/** Passwords are stored as argon2id hashes (slow on purpose); the cost comes from the config. */
@Injectable()
export class PasswordService implements OnModuleInit {
  constructor(@Inject(IDENTITY_ENV) private readonly env: IdentityEnv) {}

  hash(password: string): Promise<string> {
    return hash(password, {
      type: argon2id,
      memoryCost: this.env.ARGON2_MEMORY_KIB,
      timeCost: this.env.ARGON2_TIME_COST,
    });
  }

  /**
   * Checks a password against its stored hash. Without one (no such account) it checks against a
   * dummy hash of the same cost, so the answer takes as long as for a real account.
   */
  async matches(password: string, stored: string | null): Promise<boolean> {
    try {
      const ok = await verify(stored ?? (await this.dummyHash()), password);
      return ok && stored !== null;
    } catch {
      return false;
    }
  }

  private dummy?: Promise<string>;

  /** Made at start, so even the first unknown account is not answered faster than a real one. */
  onModuleInit(): void {
    void this.dummyHash();
  }

  private dummyHash(): Promise<string> {
    this.dummy ??= this.hash(randomBytes(24).toString('base64url'));
    return this.dummy;
  }
}

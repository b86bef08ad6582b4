import { Inject, Injectable } from '@nestjs/common';
import { argon2id, hash, verify } from 'argon2';

import { IDENTITY_ENV, type IdentityEnv } from '../config/env';

/** Passwords are stored as argon2id hashes (slow on purpose); the cost comes from the config. */
@Injectable()
export class PasswordService {
  constructor(@Inject(IDENTITY_ENV) private readonly env: IdentityEnv) {}

  hash(password: string): Promise<string> {
    return hash(password, {
      type: argon2id,
      memoryCost: this.env.ARGON2_MEMORY_KIB,
      timeCost: this.env.ARGON2_TIME_COST,
    });
  }

  async matches(password: string, stored: string): Promise<boolean> {
    try {
      return await verify(stored, password);
    } catch {
      return false;
    }
  }
}

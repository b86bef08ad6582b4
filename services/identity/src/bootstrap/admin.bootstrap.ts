import { randomBytes } from 'node:crypto';

import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { isValidPassword, SUPER_USER_ID } from '@platform/contracts';
import type { DataSource } from 'typeorm';

import { IDENTITY_ENV, type IdentityEnv } from '../config/env';
import { ROLE_IDS, ROOT_DEPT_ID } from '../database/seed/roles';
import { PasswordService } from '../passwords/password.service';
import { UserRole } from '../roles/role.entity';
import { User } from '../users/user.entity';

/** A password that meets the rule: 20 random characters plus one of each required class. */
export function generateAdminPassword(): string {
  return `${randomBytes(15).toString('base64url')}aA1!`;
}

/**
 * Creates the administrator (user id 1, role admin) on first start. Its password is ADMIN_PASSWORD, or
 * a generated one printed once to the console; there is no built-in default password.
 */
@Injectable()
export class AdminBootstrap implements OnApplicationBootstrap {
  private readonly logger = new Logger('AdminBootstrap');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(IDENTITY_ENV) private readonly env: IdentityEnv,
    private readonly passwords: PasswordService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (await this.db.getRepository(User).exists({ where: { userId: SUPER_USER_ID } })) return;
    const given = this.env.ADMIN_PASSWORD;
    if (given !== undefined && !isValidPassword(given)) {
      throw new Error(
        'ADMIN_PASSWORD does not meet the password rule (8-32 chars, digit, upper, lower, special)',
      );
    }
    const password = given ?? generateAdminPassword();
    const hash = await this.passwords.hash(password);
    const created = await this.db.transaction(async (tx) => {
      // Two instances may start at once; the primary key lets only one create the admin.
      const result = await tx
        .createQueryBuilder()
        .insert()
        .into(User)
        .values({
          userId: SUPER_USER_ID,
          userName: 'admin',
          nickName: 'Admin',
          password: hash,
          deptId: ROOT_DEPT_ID,
          createBy: 'system',
        })
        .orIgnore()
        .execute();
      if (!result.raw?.affectedRows) return false;
      await tx.insert(UserRole, { userId: SUPER_USER_ID, roleId: ROLE_IDS.admin });
      return true;
    });
    if (created && given === undefined) {
      // Printed once, on the console only: the operator's one chance to read it.
      process.stdout.write(
        `\n  Administrator account created: user name "admin", password "${password}"\n` +
          '  (shown once; set ADMIN_PASSWORD to choose it, change it after the first sign-in)\n\n',
      );
    } else if (created) {
      this.logger.log('Administrator account created with ADMIN_PASSWORD');
    }
  }
}

import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import {
  ADMIN_ROLE,
  ALL_PERMISSION,
  DEFAULT_ROLE,
  identifierKind,
  normalizeAreaCode,
  PERMISSION_CATALOGUE,
  permissionsOf,
} from '@platform/contracts';
import type { DataSource, Repository } from 'typeorm';

import { User } from './user.entity';

export interface Grants {
  admin: boolean;
  roles: string[];
  permissions: string[];
}

/** Finding users and what they are granted (roles, permissions); shared by sign-in and registration. */
@Injectable()
export class UserDirectory {
  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  /** A live (not deleted) user, with the password hash selected. */
  private withPassword() {
    return this.users
      .createQueryBuilder('u')
      .addSelect('u.password')
      .where('u.del_flag = :live', { live: '0' });
  }

  /** By user name, phone number (any area; +86 preferred) or e-mail address. */
  async findForSignIn(identifier: string): Promise<User | null> {
    const kind = identifierKind(identifier);
    if (kind === 'email') {
      return this.withPassword()
        .andWhere('u.email = :email', { email: identifier.toLowerCase() })
        .getOne();
    }
    const byName = await this.withPassword()
      .andWhere('u.user_name = :name', { name: identifier })
      .getOne();
    if (byName || kind !== 'phone') return byName;
    const phone = identifier.replace(/[\s-]/g, '').replace(/^\+/, '');
    return this.withPassword()
      .andWhere('u.phonenumber = :phone', { phone })
      .orderBy("CASE WHEN u.qu = '86' THEN 0 ELSE 1 END")
      .getOne();
  }

  findById(userId: number): Promise<User | null> {
    return this.users.findOne({ where: { userId, delFlag: '0' } });
  }

  findByPhone(qu: string, phonenumber: string): Promise<User | null> {
    return this.users.findOne({ where: { qu: normalizeAreaCode(qu), phonenumber, delFlag: '0' } });
  }

  findByEmail(email: string): Promise<User | null> {
    return this.users.findOne({ where: { email: email.toLowerCase(), delFlag: '0' } });
  }

  /**
   * The roles whose grants a user holds: their active roles, or, for a user without any, the default
   * role ROLE_DEFAULT ("users without roles get ROLE_DEFAULT", spec §6) — its permissions and menus
   * too, not only its name, so such a user is not left with an empty menu.
   */
  async effectiveRoles(userId: number): Promise<{ roleIds: number[]; roleKeys: string[] }> {
    const own: { role_id: number; role_key: string }[] = await this.db.query(
      `SELECT r.role_id, r.role_key FROM sys_role r JOIN sys_user_role ur ON ur.role_id = r.role_id
        WHERE ur.user_id = ? AND r.status = '0' AND r.del_flag = '0' ORDER BY r.role_sort`,
      [userId],
    );
    const rows: { role_id: number; role_key: string }[] = own.length
      ? own
      : await this.db.query(
          `SELECT role_id, role_key FROM sys_role
            WHERE role_key = ? AND status = '0' AND del_flag = '0'`,
          [DEFAULT_ROLE],
        );
    return { roleIds: rows.map((r) => Number(r.role_id)), roleKeys: rows.map((r) => r.role_key) };
  }

  /** Role keys and catalogued permissions of the user's effective roles (see effectiveRoles). */
  async grantsOf(userId: number): Promise<Grants> {
    const { roleIds, roleKeys: roles } = await this.effectiveRoles(userId);
    const admin = roles.includes(ADMIN_ROLE);
    if (admin) return { admin, roles, permissions: [ALL_PERMISSION] };
    const permRows: { perms: string }[] = roleIds.length
      ? await this.db.query(
          `SELECT DISTINCT m.perms FROM sys_menu m JOIN sys_role_menu rm ON rm.menu_id = m.menu_id
            WHERE rm.role_id IN (?) AND m.status = '0' AND m.perms IS NOT NULL AND m.perms <> ''`,
          [roleIds],
        )
      : [];
    // Only catalogued strings count: a wildcard or invented string left in a menu row grants nothing.
    const permissions = [...new Set(permRows.flatMap((r) => permissionsOf(r.perms)))].filter((p) =>
      PERMISSION_CATALOGUE.has(p),
    );
    return { admin, roles: roles.length ? roles : [DEFAULT_ROLE], permissions };
  }
}

import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  type BilingualText,
  DomainError,
  type Language,
  PAGE_SIZES,
  pickText,
  type ProfileView,
} from '@platform/contracts';
import type { Caller, ProfileBody, UpdatePwdBody } from '@platform/contracts/dto';
import { SessionStore } from '@platform/nest-common';
import type { DataSource } from 'typeorm';

import { found } from '../common/sql';
import { PasswordService } from '../passwords/password.service';
import { SessionSync } from './session-sync.service';
import { USER_SELECT, type UserRow, userViewOf } from './users-admin.service';

/** The personal centre: a user's own profile, password, avatar and display preferences. */
@Injectable()
export class ProfileService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly passwords: PasswordService,
    private readonly sessions: SessionStore,
    private readonly sync: SessionSync,
  ) {}

  /** The profile with the role and post names in `lang` (the Chinese one where no English is set). */
  async get(caller: Caller, lang: Language): Promise<ProfileView> {
    const [row] = (await this.db.query(
      `${USER_SELECT.replace('u.remark', 'u.remark, u.pagesize, u.tour')} WHERE u.user_id = ? AND u.del_flag = '0'`,
      [caller.userId],
    )) as (UserRow & { pagesize: number | null; tour: number })[];
    const user = found(row, 'user.not_found');
    const [roles, posts] = await Promise.all([
      this.names(
        `SELECT r.role_name AS zh, r.role_name_en AS en FROM sys_role r JOIN sys_user_role ur ON ur.role_id = r.role_id
          WHERE ur.user_id = ? AND r.del_flag = '0' ORDER BY r.role_sort`,
        caller.userId,
        lang,
      ),
      this.names(
        `SELECT p.post_name AS zh, p.post_name_en AS en FROM sys_post p JOIN sys_user_post up ON up.post_id = p.post_id
          WHERE up.user_id = ? ORDER BY p.post_sort`,
        caller.userId,
        lang,
      ),
    ]);
    return {
      user: { ...userViewOf(user), pagesize: user.pagesize, tour: Number(user.tour) },
      roleGroup: roles.join(','),
      postGroup: posts.join(','),
    };
  }

  async update(body: ProfileBody, caller: Caller): Promise<void> {
    await this.db.query(
      `UPDATE sys_user SET nick_name = ?, sex = COALESCE(?, sex), update_by = user_name WHERE user_id = ?`,
      [body.nickName, body.sex ?? null, caller.userId],
    );
    await this.sync.refreshUsers([caller.userId]);
  }

  /** Checks the old password; the new one ends the user's other sessions (this one stays). */
  async updatePassword(body: UpdatePwdBody, caller: Caller): Promise<void> {
    const [row] = (await this.db.query(
      `SELECT password FROM sys_user WHERE user_id = ? AND del_flag = '0'`,
      [caller.userId],
    )) as { password: string }[];
    const stored = found(row, 'user.not_found').password;
    if (!(await this.passwords.matches(body.oldPassword, stored)))
      throw new DomainError('password.old_wrong');
    if (body.oldPassword === body.newPassword) throw new DomainError('password.same_as_old');
    const hash = await this.passwords.hash(body.newPassword);
    await this.db.query(
      `UPDATE sys_user SET password = ?, pwd_update_date = NOW(3) WHERE user_id = ?`,
      [hash, caller.userId],
    );
    for (const session of await this.sessions.listForUser(caller.userId)) {
      if (session.tokenId !== caller.tokenId) await this.sessions.remove(session.tokenId);
    }
  }

  /** Sets the caller's avatar; answers the one it replaced (the gateway deletes its file). */
  async setAvatar(avatar: string, caller: Caller): Promise<{ previous: string | null }> {
    const previous = await this.db.transaction(async (tx) => {
      const [row] = (await tx.query('SELECT avatar FROM sys_user WHERE user_id = ? FOR UPDATE', [
        caller.userId,
      ])) as { avatar: string | null }[];
      await tx.query(`UPDATE sys_user SET avatar = ? WHERE user_id = ?`, [avatar, caller.userId]);
      return row?.avatar || null;
    });
    await this.sync.refreshUsers([caller.userId]);
    return { previous: previous !== avatar ? previous : null };
  }

  async setPageSize(value: number, caller: Caller): Promise<void> {
    if (!(PAGE_SIZES as readonly number[]).includes(value))
      throw new DomainError('validation.invalid', { field: 'pageSize' });
    await this.db.query(`UPDATE sys_user SET pagesize = ? WHERE user_id = ?`, [
      value,
      caller.userId,
    ]);
    await this.sync.refreshUsers([caller.userId]);
  }

  async setTour(value: number, caller: Caller): Promise<void> {
    if (value !== 0 && value !== 1) throw new DomainError('validation.invalid', { field: 'tour' });
    await this.db.query(`UPDATE sys_user SET tour = ? WHERE user_id = ?`, [value, caller.userId]);
    await this.sync.refreshUsers([caller.userId]);
  }

  /** The names (`zh`, `en` columns) a query of the user's rows gives, in `lang`. */
  private async names(sql: string, userId: number, lang: Language): Promise<string[]> {
    const rows = (await this.db.query(sql, [userId])) as BilingualText[];
    return rows.map((row) => pickText(row, lang));
  }
}

import { randomBytes } from 'node:crypto';

import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  DomainError,
  type ImportResultView,
  isSupportedAreaCode,
  isValidEmail,
  isValidPhone,
  type Language,
  type MessageKey,
  NICKNAME_MAX,
  normalizeAreaCode,
  PERMISSIONS as P,
  renderMessage,
  SEX_VALUES,
  STATUS_VALUES,
  USERNAME_PATTERN,
} from '@platform/contracts';
import type { Caller, ImportUsersBody } from '@platform/contracts/dto';
import type { DataSource } from 'typeorm';

import { CountCache } from '../common/count-cache.service';
import { DataScopeService } from '../datascope/data-scope.service';
import { PasswordService } from '../passwords/password.service';
import { duplicateUserError } from './users-admin.service';

interface ImportRow {
  userName: string;
  nickName: string;
  email: string | null;
  qu: string | null;
  phonenumber: string | null;
  sex: string;
  status: string;
  deptId: number | null;
}

const text = (value: unknown) =>
  value === undefined || value === null ? '' : String(value).trim();

/** Checks one spreadsheet row; returns the message key of the first problem, or the clean row. */
export function parseImportRow(raw: Record<string, unknown>): ImportRow | MessageKey {
  const userName = text(raw.userName);
  const nickName = text(raw.nickName) || userName;
  const email = text(raw.email).toLowerCase() || null;
  const phonenumber = text(raw.phonenumber) || null;
  const qu = phonenumber ? normalizeAreaCode(text(raw.qu) || '86') : null;
  const sex = text(raw.sex) || '2';
  const status = text(raw.status) || '0';
  const deptText = text(raw.deptId);
  const deptId = deptText ? Number(deptText) : null;
  if (!USERNAME_PATTERN.test(userName)) return 'user.username_rule';
  if (nickName.length > NICKNAME_MAX) return 'validation.max_length';
  if (email && !isValidEmail(email)) return 'validation.email';
  if (qu && !isSupportedAreaCode(qu)) return 'validation.phone';
  if (phonenumber && !isValidPhone(phonenumber, qu)) return 'validation.phone';
  if (!(SEX_VALUES as readonly string[]).includes(sex)) return 'validation.invalid';
  if (!(STATUS_VALUES as readonly string[]).includes(status)) return 'validation.invalid';
  if (deptId !== null && !(Number.isInteger(deptId) && deptId > 0)) return 'validation.invalid';
  return { userName, nickName, email, qu, phonenumber, sex, status, deptId };
}

/** Bulk creation (and optional update) of users from the rows of an .xlsx the gateway parsed. */
@Injectable()
export class UserImportService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly scopes: DataScopeService,
    private readonly passwords: PasswordService,
    private readonly counts: CountCache,
  ) {}

  async importUsers(
    body: ImportUsersBody,
    caller: Caller,
    by: string,
    lang: Language,
  ): Promise<ImportResultView> {
    if (!body.rows.length) throw new DomainError('import.empty');
    // Imported accounts get one random password nobody knows (hashed once: argon2 per row would take
    // minutes for a large file); each user then sets their own through password recovery or a reset.
    const hash = await this.passwords.hash(`${randomBytes(24).toString('base64url')}aA1!`);
    const result: ImportResultView = { created: 0, updated: 0, failed: [], message: '' };
    for (const [index, raw] of body.rows.entries()) {
      const parsed = parseImportRow(raw);
      const fail = (key: MessageKey) =>
        result.failed.push({
          row: index + 2,
          userName: text(raw.userName),
          reason: renderMessage(key, lang, { field: 'userName', length: NICKNAME_MAX }),
        });
      if (typeof parsed === 'string') {
        fail(parsed);
        continue;
      }
      try {
        const outcome = await this.importOne(parsed, body.updateSupport ?? false, caller, hash, by);
        result[outcome] += 1;
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        fail(error.key);
      }
    }
    await this.counts.invalidate();
    result.message = renderMessage('import.done', lang, {
      created: result.created,
      updated: result.updated,
      failed: result.failed.length,
    });
    return result;
  }

  private async importOne(
    row: ImportRow,
    updateSupport: boolean,
    caller: Caller,
    hash: string,
    by: string,
  ): Promise<'created' | 'updated'> {
    if (row.deptId !== null)
      await this.scopes.assertDepts(caller, P.system.user.import, [row.deptId]);
    else if (!(await this.scopes.scopeOf(caller, P.system.user.import)).all)
      throw new DomainError('datascope.denied', {}, 403);
    const [existing] = (await this.db.query(
      `SELECT user_id FROM sys_user WHERE user_name = ? AND del_flag = '0'`,
      [row.userName],
    )) as { user_id: number }[];
    try {
      if (existing) {
        if (!updateSupport) throw new DomainError('import.user_exists');
        await this.scopes.assertUsers(caller, P.system.user.import, [Number(existing.user_id)]);
        await this.db.query(
          `UPDATE sys_user SET nick_name = ?, email = ?, qu = ?, phonenumber = ?, sex = ?, status = ?,
             dept_id = ?, update_by = ? WHERE user_id = ? AND user_id <> 1`,
          [
            row.nickName,
            row.email,
            row.qu,
            row.phonenumber,
            row.sex,
            row.status,
            row.deptId,
            by,
            existing.user_id,
          ],
        );
        return 'updated';
      }
      await this.db.query(
        `INSERT INTO sys_user (dept_id, user_name, nick_name, email, qu, phonenumber, sex, status, password,
           create_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          row.deptId,
          row.userName,
          row.nickName,
          row.email,
          row.qu,
          row.phonenumber,
          row.sex,
          row.status,
          hash,
          by,
        ],
      );
      return 'created';
    } catch (error) {
      throw duplicateUserError(error) ?? error;
    }
  }
}

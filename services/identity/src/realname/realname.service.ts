import { createHash, randomBytes } from 'node:crypto';

import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  DomainError,
  idNumberMessage,
  idNumberProblem,
  maskIdNumber,
  maskName,
  normalizeCertName,
  PERMISSIONS as P,
  PLATFORM_EVENTS,
  REALNAME_CIPHER,
  REALNAME_REQUEST_STATUS as S,
  type RealNameCallbackView,
  type RealNameCertifyView,
  type RealNameChannel,
  type RealNameKeyView,
  type RealNameRequestView,
  type RealNameResultView,
  type RealNameUrlView,
} from '@platform/contracts';
import type { Caller, RealNameCertifyBody, RealNameQuery } from '@platform/contracts/dto';
import type Redis from 'ioredis';
import type { DataSource, EntityManager } from 'typeorm';

import { isDuplicate, iso, operatorName, type Page, pagedQuery, Where } from '../common/sql';
import { IDENTITY_ENV, type IdentityEnv } from '../config/env';
import { DataScopeService } from '../datascope/data-scope.service';
import { REDIS } from '../infra/infra.module';
import { FieldCipher, openBrowserCipher } from './field-cipher';
import { CertifierError, IDENTITY_CERTIFIER, type IdentityCertifier } from './identity-certifier';

/** How long the browser's one-time key opens a submission. */
const KEY_TTL_SECONDS = 600;
/** How long the return URL's one-time code is honoured after the QR code was made. */
const CALLBACK_TTL_MS = 30 * 60_000;

interface RequestRow {
  id: number;
  user_id: number;
  user_name?: string;
  channel: RealNameChannel;
  status: number;
  cert_name: string;
  cert_no: string;
  cert_no_digest: string;
  certify_id: string | null;
  callback_expires: Date | null;
  reason: string | null;
  reviewed_by: string | null;
  reviewed_at: Date | null;
  create_time: Date;
}

const keyOf = (userId: number, keyId: string) => `realname:key:${userId}:${keyId}`;
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * Real-name authentication (issue 15): the user's name and ID number arrive sealed with a one-time key,
 * are checked, and are kept only encrypted (FieldCipher). Alipay's face certification confirms them when
 * its keys are configured, otherwise an administrator does. Only a confirmed request marks the user
 * authenticated, in one transaction with the realNameVerified event of the outbox.
 */
@Injectable()
export class RealNameService implements OnApplicationBootstrap {
  private readonly logger = new Logger(RealNameService.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(IDENTITY_ENV) private readonly env: IdentityEnv,
    private readonly cipher: FieldCipher,
    private readonly scopes: DataScopeService,
    @Inject(IDENTITY_CERTIFIER) private readonly certifier: IdentityCertifier | null,
  ) {}

  get channel(): RealNameChannel {
    return this.certifier ? 'alipay' : 'manual';
  }

  onApplicationBootstrap(): void {
    // Rows written under a key that has since been rotated are rewritten under the current one.
    void this.rewriteStaleRows().catch((error: Error) =>
      this.logger.error(`re-encrypting real-name rows failed: ${error.message}`),
    );
  }

  async issueKey(caller: Caller): Promise<RealNameKeyView> {
    const keyId = randomBytes(12).toString('hex');
    const key = randomBytes(REALNAME_CIPHER.keyBytes).toString('base64');
    await this.redis.set(keyOf(caller.userId, keyId), key, 'EX', KEY_TTL_SECONDS);
    return { keyId, key };
  }

  async certify(body: RealNameCertifyBody, caller: Caller): Promise<RealNameCertifyView> {
    const key = await this.redis.getdel(keyOf(caller.userId, body.keyId));
    if (!key) throw new DomainError('realname.key_expired');
    let rawName: string;
    let rawNo: string;
    try {
      const aes = Buffer.from(key, 'base64');
      rawName = openBrowserCipher(body.certName, aes);
      rawNo = openBrowserCipher(body.certNo, aes);
    } catch {
      throw new DomainError('realname.cipher_invalid');
    }
    if (!rawName.trim()) throw new DomainError('realname.name_required');
    const certName = normalizeCertName(rawName);
    if (!certName) throw new DomainError('realname.name_invalid');
    const problem = idNumberProblem(rawNo);
    if (problem) throw new DomainError(idNumberMessage(problem));
    const certNo = rawNo.trim().toUpperCase();
    const digest = this.cipher.digest(certNo);

    return this.db.transaction(async (tx) => {
      const [user] = (await tx.query(
        `SELECT real_name_status FROM sys_user WHERE user_id = ? AND del_flag = '0' FOR UPDATE`,
        [caller.userId],
      )) as { real_name_status: number }[];
      if (!user) throw new DomainError('user.not_found');
      if (Number(user.real_name_status) === 1) throw new DomainError('realname.already_verified');
      const [taken] = (await tx.query(
        `SELECT id FROM real_name_request WHERE verified_digest = ? AND user_id <> ?`,
        [digest, caller.userId],
      )) as { id: number }[];
      if (taken) throw new DomainError('realname.id_taken');
      const [open] = (await tx.query(
        `SELECT id, channel FROM real_name_request WHERE open_user_id = ? FOR UPDATE`,
        [caller.userId],
      )) as { id: number; channel: RealNameChannel }[];
      if (open && open.channel === 'manual') throw new DomainError('realname.pending_exists');
      if (open) {
        // An unfinished Alipay certification is replaced by the new submission.
        await tx.query(
          `UPDATE real_name_request SET status = ?, open_user_id = NULL, callback_token = NULL,
             reason = 'replaced by a new submission' WHERE id = ?`,
          [S.rejected, open.id],
        );
      }
      const result = (await tx.query(
        `INSERT INTO real_name_request (user_id, open_user_id, channel, status, cert_name, cert_no, cert_no_digest)
           VALUES (?, ?, ?, ?, ?, ?, ?)`,
        [
          caller.userId,
          caller.userId,
          this.channel,
          S.pending,
          this.cipher.encrypt(certName),
          this.cipher.encrypt(certNo),
          digest,
        ],
      )) as { insertId: number };
      return { requestId: Number(result.insertId), channel: this.channel };
    });
  }

  /** Starts Alipay's certification of the caller's pending request; answers the certify page's URL. */
  async url(caller: Caller): Promise<RealNameUrlView> {
    const certifier = this.certifier;
    if (!certifier) throw new DomainError('realname.alipay_not_configured');
    const [row] = (await this.db.query(
      `SELECT * FROM real_name_request WHERE open_user_id = ? AND channel = 'alipay'`,
      [caller.userId],
    )) as RequestRow[];
    if (!row) throw new DomainError('realname.no_pending');
    const callbackCode = randomBytes(24).toString('base64url');
    const returnUrl = new URL(this.env.REALNAME_RETURN_URL);
    returnUrl.searchParams.set('auth_code', callbackCode);
    try {
      const { certifyId } = await certifier.initialize({
        outerOrderNo: `RN${row.id}T${Date.now()}`,
        certName: this.cipher.decrypt(row.cert_name),
        certNo: this.cipher.decrypt(row.cert_no),
        returnUrl: returnUrl.toString(),
      });
      await this.db.query(
        `UPDATE real_name_request SET certify_id = ?, callback_token = ?, callback_expires = ?
           WHERE id = ? AND status = ?`,
        [
          certifyId,
          sha256(callbackCode),
          new Date(Date.now() + CALLBACK_TTL_MS),
          row.id,
          S.pending,
        ],
      );
      return { url: certifier.certifyUrl(certifyId) };
    } catch (error) {
      throw this.unavailable(error);
    }
  }

  /**
   * The phone's return page: the code of the return URL names a certification; Alipay's signed answer of
   * the query API decides. A code that names nothing (forged, used, expired) is refused.
   */
  async callback(authCode: string): Promise<RealNameCallbackView> {
    const [row] = (await this.db.query(`SELECT * FROM real_name_request WHERE callback_token = ?`, [
      sha256(authCode),
    ])) as RequestRow[];
    if (!row || !row.certify_id || !row.callback_expires || row.callback_expires < new Date()) {
      throw new DomainError('realname.callback_invalid');
    }
    if (row.status === S.verified) return { passed: true };
    if (row.status !== S.pending) throw new DomainError('realname.callback_invalid');
    return { passed: await this.confirmWithAlipay(row) };
  }

  /** The caller's state; while an Alipay certification runs, Alipay is asked whether it passed. */
  async result(caller: Caller): Promise<RealNameResultView> {
    const [user] = (await this.db.query(`SELECT real_name_status FROM sys_user WHERE user_id = ?`, [
      caller.userId,
    ])) as { real_name_status: number }[];
    let [row] = (await this.db.query(
      `SELECT * FROM real_name_request WHERE user_id = ? ORDER BY id DESC LIMIT 1`,
      [caller.userId],
    )) as RequestRow[];
    if (row && row.status === S.pending && row.channel === 'alipay' && row.certify_id) {
      if (await this.confirmWithAlipay(row).catch(() => false))
        row = { ...row, status: S.verified };
    }
    const realNameStatus =
      row?.status === S.verified || Number(user?.real_name_status) === 1 ? 1 : 0;
    if (!row) return { realNameStatus, state: 'none', channel: this.channel };
    return {
      realNameStatus,
      state: (['pending', 'verified', 'rejected'] as const)[row.status] ?? 'none',
      channel: row.channel,
      certName: maskName(this.cipher.decrypt(row.cert_name)),
      certNo: maskIdNumber(this.cipher.decrypt(row.cert_no)),
      ...(row.reason && row.status === S.rejected ? { reason: row.reason } : {}),
      ...(row.certify_id ? { started: true } : {}),
    };
  }

  /** Requests of the users in the caller's data scope (as for the user list). */
  async list(query: RealNameQuery, caller: Caller): Promise<Page<RealNameRequestView>> {
    const scope = await this.scopes.scopeOf(caller, P.wujie.realName.list);
    const where = new Where()
      .add('r.status = ?', query.status ?? S.pending)
      .part(this.scopes.userCondition(scope))
      .when(query.userId, 'r.user_id = ?');
    const from = 'FROM real_name_request r JOIN sys_user u ON u.user_id = r.user_id';
    return pagedQuery(
      this.db,
      `SELECT r.*, u.user_name ${from}`,
      `SELECT COUNT(*) AS n ${from}`,
      where,
      query.isAsc === 'desc' || query.isAsc === 'descending'
        ? 'ORDER BY r.id DESC'
        : 'ORDER BY r.id',
      query,
      (r: RequestRow) => this.viewOf(r),
    );
  }

  async approve(id: number, caller: Caller): Promise<{ id: number; status: number }> {
    await this.assertInScope(id, caller);
    const by = await operatorName(this.db, caller);
    await this.db.transaction(async (tx) => {
      const row = await this.reviewable(tx, id);
      await this.markVerified(tx, row, by);
    });
    return { id, status: S.verified };
  }

  async reject(
    id: number,
    reason: string,
    caller: Caller,
  ): Promise<{ id: number; status: number }> {
    await this.assertInScope(id, caller);
    const by = await operatorName(this.db, caller);
    await this.db.transaction(async (tx) => {
      const row = await this.reviewable(tx, id);
      await tx.query(
        `UPDATE real_name_request SET status = ?, open_user_id = NULL, reason = ?, reviewed_by = ?,
           reviewed_at = NOW(3) WHERE id = ?`,
        [S.rejected, reason, by, row.id],
      );
      await this.outbox(tx, PLATFORM_EVENTS.realNameRejected, `user.realname_rejected:${row.id}`, {
        userId: row.user_id,
        reason,
        reasonEn: reason,
      });
    });
    return { id, status: S.rejected };
  }

  private viewOf(r: RequestRow): RealNameRequestView {
    return {
      id: Number(r.id),
      userId: Number(r.user_id),
      userName: r.user_name ?? '',
      certName: maskName(this.cipher.decrypt(r.cert_name)),
      certNo: maskIdNumber(this.cipher.decrypt(r.cert_no)),
      channel: r.channel,
      status: Number(r.status) as RealNameRequestView['status'],
      reason: r.reason,
      reviewedBy: r.reviewed_by,
      createTime: iso(r.create_time) ?? '',
      reviewTime: iso(r.reviewed_at),
    };
  }

  /** A reviewer acts only on requests of users in their data scope. */
  private async assertInScope(id: number, caller: Caller): Promise<void> {
    const [row] = (await this.db.query('SELECT user_id FROM real_name_request WHERE id = ?', [
      id,
    ])) as { user_id: number }[];
    if (!row) throw new DomainError('realname.not_found');
    await this.scopes.assertUsers(caller, P.wujie.realName.review, [Number(row.user_id)]);
  }

  private async reviewable(tx: EntityManager, id: number): Promise<RequestRow> {
    const [row] = (await tx.query(`SELECT * FROM real_name_request WHERE id = ? FOR UPDATE`, [
      id,
    ])) as RequestRow[];
    if (!row) throw new DomainError('realname.not_found');
    if (Number(row.status) !== S.pending) throw new DomainError('realname.not_pending');
    if (row.channel !== 'manual') throw new DomainError('realname.manual_only');
    return row;
  }

  private async confirmWithAlipay(row: RequestRow): Promise<boolean> {
    let passed: boolean;
    try {
      ({ passed } = await this.certifier!.query(row.certify_id!));
    } catch (error) {
      throw this.unavailable(error);
    }
    if (!passed) return false;
    await this.db.transaction(async (tx) => {
      const [locked] = (await tx.query(`SELECT * FROM real_name_request WHERE id = ? FOR UPDATE`, [
        row.id,
      ])) as RequestRow[];
      if (locked && Number(locked.status) === S.pending)
        await this.markVerified(tx, locked, 'alipay');
    });
    return true;
  }

  /** The one place a user becomes authenticated: request, user and event in one transaction. */
  private async markVerified(tx: EntityManager, row: RequestRow, by: string): Promise<void> {
    try {
      await tx.query(
        `UPDATE real_name_request SET status = ?, open_user_id = NULL, verified_digest = cert_no_digest,
           callback_token = NULL, reviewed_by = ?, reviewed_at = NOW(3) WHERE id = ?`,
        [S.verified, by, row.id],
      );
    } catch (error) {
      if (isDuplicate(error)) throw new DomainError('realname.id_taken');
      throw error;
    }
    await tx.query(
      `UPDATE sys_user SET real_name_status = 1, real_name = ?, cert_no = ? WHERE user_id = ?`,
      [row.cert_name, row.cert_no, row.user_id],
    );
    await this.outbox(
      tx,
      PLATFORM_EVENTS.realNameVerified,
      `user.realname_verified:${row.user_id}`,
      {
        userId: row.user_id,
      },
    );
  }

  private async outbox(
    tx: EntityManager,
    type: string,
    idempotencyKey: string,
    payload: Record<string, unknown>,
  ): Promise<void> {
    await tx.query(
      `INSERT IGNORE INTO event_outbox (event_type, idempotency_key, payload) VALUES (?, ?, ?)`,
      [type, idempotencyKey, JSON.stringify(payload)],
    );
  }

  private unavailable(error: unknown): DomainError {
    if (error instanceof DomainError) return error;
    const detail = error instanceof CertifierError ? error.message : (error as Error).name;
    this.logger.warn(`Alipay certification failed: ${detail}`);
    return new DomainError('realname.alipay_unavailable');
  }

  /** Rewrites, under the current key, rows that an older FIELD_ENCRYPTION key wrote. */
  async rewriteStaleRows(): Promise<number> {
    const prefix = `f1.${this.cipher.keyId}.%`;
    let rewritten = 0;
    for (;;) {
      const rows = (await this.db.query(
        `SELECT id, user_id, status, cert_name, cert_no FROM real_name_request
           WHERE cert_name NOT LIKE ? OR cert_no NOT LIKE ? LIMIT 200`,
        [prefix, prefix],
      )) as RequestRow[];
      if (rows.length === 0) return rewritten;
      for (const row of rows) {
        const certNo = this.cipher.decrypt(row.cert_no);
        const name = this.cipher.encrypt(this.cipher.decrypt(row.cert_name));
        const no = this.cipher.encrypt(certNo);
        const digest = this.cipher.digest(certNo);
        await this.db.transaction(async (tx) => {
          await tx.query(
            `UPDATE real_name_request SET cert_name = ?, cert_no = ?, cert_no_digest = ?,
               verified_digest = IF(verified_digest IS NULL, NULL, ?) WHERE id = ?`,
            [name, no, digest, digest, row.id],
          );
          if (Number(row.status) === S.verified) {
            await tx.query(`UPDATE sys_user SET real_name = ?, cert_no = ? WHERE user_id = ?`, [
              name,
              no,
              row.user_id,
            ]);
          }
        });
        rewritten += 1;
      }
    }
  }
}

import { randomBytes } from 'node:crypto';

import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DomainError, type MessageKey, type TokenView } from '@platform/contracts';
import type {
  ClientContext,
  CodeScene,
  RegisterByEmailBody,
  RegisterByPhoneBody,
  ResetPasswordByEmailBody,
  ResetPasswordByPhoneBody,
} from '@platform/contracts/dto';
import { SessionStore } from '@platform/nest-common';
import { type DataSource, type EntityManager, QueryFailedError } from 'typeorm';

import { LockoutService } from '../auth/lockout.service';
import { LoginLogService } from '../auth/login-log.service';
import { SessionFactory } from '../auth/session-factory.service';
import { CountCache } from '../common/count-cache.service';
import { CompaniesService } from '../companies/companies.service';
import { ROLE_IDS } from '../database/seed/roles';
import { EventOutbox } from '../events/event-outbox.entity';
import { ConfigParamsService } from '../params/config-params.service';
import { PasswordService } from '../passwords/password.service';
import { UserRole } from '../roles/role.entity';
import { User } from '../users/user.entity';
import { UserDirectory } from '../users/user-directory.service';
import {
  emailTarget,
  phoneTarget,
  VerificationService,
} from '../verification/verification.service';

interface NewAccount {
  userName: string;
  nickName: string;
  qu?: string;
  phonenumber?: string;
  email?: string;
  password: string;
  companyCode?: string;
  inviteCode?: string;
}

/** Sign-up by phone or e-mail with a verification code, and password recovery the same way. */
@Injectable()
export class RegistrationService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly directory: UserDirectory,
    private readonly codes: VerificationService,
    private readonly passwords: PasswordService,
    private readonly companies: CompaniesService,
    private readonly sessions: SessionFactory,
    private readonly sessionStore: SessionStore,
    private readonly lockout: LockoutService,
    private readonly loginLog: LoginLogService,
    private readonly params: ConfigParamsService,
    private readonly counts: CountCache,
  ) {}

  /** Fail before sending: a sign-up code for a taken phone, or a reset code for an unknown one, is useless. */
  async assertPhoneFitsScene(qu: string, phonenumber: string, scene: CodeScene): Promise<void> {
    const owner = await this.directory.findByPhone(qu, phonenumber);
    if ((scene === 'register' || scene === 'bind') && owner)
      throw new DomainError('user.phone_taken');
    if (scene === 'reset' && !owner) throw new DomainError('auth.unknown_account');
  }

  async assertEmailFitsScene(email: string, scene: CodeScene): Promise<void> {
    const owner = await this.directory.findByEmail(email);
    if ((scene === 'register' || scene === 'bind') && owner)
      throw new DomainError('user.email_taken');
    if (scene === 'reset' && !owner) throw new DomainError('auth.unknown_account');
  }

  async registerByPhone(body: RegisterByPhoneBody, client: ClientContext): Promise<TokenView> {
    await this.assertRegistrationOpen();
    if (await this.directory.findByPhone(body.qu, body.phonenumber))
      throw new DomainError('user.phone_taken');
    const userName = body.qu === '86' ? body.phonenumber : `${body.qu}-${body.phonenumber}`;
    return this.register(
      { ...body, userName, nickName: maskPhone(body.phonenumber) },
      () => this.codes.consume(phoneTarget(body.qu, body.phonenumber), 'register', body.code),
      client,
    );
  }

  async registerByEmail(body: RegisterByEmailBody, client: ClientContext): Promise<TokenView> {
    await this.assertRegistrationOpen();
    const email = body.email.toLowerCase();
    if (await this.directory.findByEmail(email)) throw new DomainError('user.email_taken');
    return this.register(
      { ...body, email, userName: email, nickName: email.split('@')[0].slice(0, 30) },
      () => this.codes.consume(emailTarget(email), 'register', body.code),
      client,
    );
  }

  private async assertRegistrationOpen(): Promise<void> {
    if (!(await this.params.getBoolean('sys.account.registerUser', true))) {
      throw new DomainError('http.403', {}, 403);
    }
  }

  private async register(
    account: NewAccount,
    consumeCode: () => Promise<void>,
    client: ClientContext,
  ): Promise<TokenView> {
    // Company first: an unknown code must not use up the user's verification code.
    const company = account.companyCode
      ? await this.companies.requireByCode(account.companyCode)
      : null;
    const inviterId = await this.inviterOf(account.inviteCode);
    await consumeCode();
    const passwordHash = await this.passwords.hash(account.password);
    const user = await this.db
      .transaction((tx) =>
        this.insertUser(
          tx,
          {
            userName: account.userName,
            nickName: account.nickName,
            qu: account.qu ?? null,
            phonenumber: account.phonenumber ?? null,
            email: account.email ?? null,
            password: passwordHash,
            companyId: company?.companyId ?? null,
            deptId: company?.deptId ?? null,
            inviterId,
            createBy: 'register',
          },
          client,
        ),
      )
      .catch((error: unknown) => {
        throw duplicateAccountError(error) ?? error;
      });
    await this.counts.invalidate();
    await this.loginLog.record(user.userName, client, true, 'auth.register_success');
    return { token: await this.sessions.open(user, client) };
  }

  private async inviterOf(inviteCode: string | undefined): Promise<number | null> {
    if (!inviteCode) return null;
    const rows: { user_id: number }[] = await this.db.query(
      `SELECT user_id FROM sys_user WHERE invite_code = ? AND del_flag = '0' AND link_status = 1`,
      [inviteCode],
    );
    return rows[0]?.user_id ?? null;
  }

  /**
   * The sign-up's address and device id go in the event (billing flags many sign-ups of one inviter
   * from one address or device).
   */
  private async insertUser(
    tx: EntityManager,
    fields: Partial<User>,
    client: Pick<ClientContext, 'ip' | 'deviceId'>,
  ): Promise<User> {
    const user = await tx.save(User, tx.create(User, { ...fields, inviteCode: newInviteCode() }));
    const roles = [ROLE_IDS.default, ...(fields.companyId ? [ROLE_IDS.company] : [])];
    await tx.insert(
      UserRole,
      roles.map((roleId) => ({ userId: user.userId, roleId })),
    );
    await tx.insert(EventOutbox, {
      eventType: 'identity.user.registered',
      idempotencyKey: `user.registered:${user.userId}`,
      payload: {
        userId: user.userId,
        inviterId: fields.inviterId ?? 0,
        companyId: fields.companyId ?? 0,
        ip: client.ip,
        ...(client.deviceId ? { deviceId: client.deviceId } : {}),
      },
    });
    return user;
  }

  async resetByPhone(body: ResetPasswordByPhoneBody): Promise<void> {
    const user = await this.directory.findByPhone(body.qu, body.phonenumber);
    if (!user) throw new DomainError('auth.unknown_account');
    await this.codes.consume(phoneTarget(body.qu, body.phonenumber), 'reset', body.code);
    await this.setPassword(user, body.password);
  }

  async resetByEmail(body: ResetPasswordByEmailBody): Promise<void> {
    const user = await this.directory.findByEmail(body.email);
    if (!user) throw new DomainError('auth.unknown_account');
    await this.codes.consume(emailTarget(body.email), 'reset', body.code);
    await this.setPassword(user, body.password);
  }

  /** A new password ends every session of the user and lifts a lock. */
  private async setPassword(user: User, password: string): Promise<void> {
    const hash = await this.passwords.hash(password);
    await this.db
      .getRepository(User)
      .update(user.userId, { password: hash, pwdUpdateDate: new Date() });
    await this.sessionStore.removeAllForUser(user.userId);
    await this.lockout.clear(user.userName);
  }
}

function maskPhone(phone: string): string {
  return phone.length > 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : phone;
}

function newInviteCode(): string {
  return randomBytes(6).toString('base64url').replace(/[-_]/g, 'x').slice(0, 8).toUpperCase();
}

/** Two sign-ups of the same phone or e-mail at once: the unique keys decide, the loser gets a clear error. */
function duplicateAccountError(error: unknown): DomainError | null {
  if (!(error instanceof QueryFailedError) || !String(error.message).includes('Duplicate entry'))
    return null;
  const key: MessageKey = error.message.includes('uk_user_email')
    ? 'user.email_taken'
    : error.message.includes('uk_user_phone')
      ? 'user.phone_taken'
      : 'user.username_taken';
  return new DomainError(key);
}

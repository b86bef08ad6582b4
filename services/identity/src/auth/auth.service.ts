import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DomainError, type TokenView } from '@platform/contracts';
import type { ClientContext, LoginBody } from '@platform/contracts/dto';
import { SessionStore } from '@platform/nest-common';
import type { Repository } from 'typeorm';

import { ConfigParamsService } from '../params/config-params.service';
import { PasswordService } from '../passwords/password.service';
import { User } from '../users/user.entity';
import { UserDirectory } from '../users/user-directory.service';
import { CaptchaService } from './captcha.service';
import { LockoutService, SignInRefusal } from './lockout.service';
import { LoginLogService } from './login-log.service';
import { SessionFactory } from './session-factory.service';

/** Sign-in and sign-out. Every attempt, good or bad, leaves a login-log row with its reason. */
@Injectable()
export class AuthService {
  constructor(
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly directory: UserDirectory,
    private readonly captcha: CaptchaService,
    private readonly lockout: LockoutService,
    private readonly passwords: PasswordService,
    private readonly sessions: SessionFactory,
    private readonly sessionStore: SessionStore,
    private readonly loginLog: LoginLogService,
    private readonly params: ConfigParamsService,
  ) {}

  async login(body: LoginBody, client: ClientContext): Promise<TokenView> {
    const identifier = (body.email ?? body.username ?? '').trim();
    try {
      await this.assertIpAllowed(client.ip);
      if (await this.captcha.enabled()) await this.captcha.verify(body.uuid, body.code);
      const user = await this.checkCredentials(identifier, body.password);
      const token = await this.sessions.open(user, client);
      await this.users.update(user.userId, {
        loginIp: client.ip,
        loginDate: new Date(),
        loginCount: () => 'login_count + 1',
      });
      await this.loginLog.record(user.userName, client, true, 'auth.login_success');
      return { token };
    } catch (error) {
      if (error instanceof DomainError) {
        const reason = error instanceof SignInRefusal ? error.logged : error.key;
        await this.loginLog.record(identifier, client, false, reason);
      }
      throw error;
    }
  }

  /**
   * One answer, in one time, for an unknown account and a wrong password: the slow hash runs against a
   * dummy when there is no account, and attempts are counted per identifier either way. A disabled
   * account is told so only after its right password.
   */
  private async checkCredentials(identifier: string, password: string): Promise<User> {
    const user = await this.directory.findForSignIn(identifier);
    const account = user?.userName ?? `?${identifier.toLowerCase()}`;
    const refusal = await this.lockout.takeAttempt(account);
    const matches = await this.passwords.matches(password, user?.password ?? null);
    if (!user) throw refusal('auth.unknown_account');
    if (!matches) throw refusal('auth.bad_credentials');
    await this.lockout.clear(account);
    if (user.status !== '0') throw new DomainError('auth.account_disabled');
    return user;
  }

  private async assertIpAllowed(ip: string): Promise<void> {
    const blocked = ((await this.params.get('sys.login.blackIPList')) ?? '')
      .split(/[;,\s]+/)
      .filter(Boolean);
    if (
      blocked.some(
        (entry) => entry === ip || (entry.endsWith('*') && ip.startsWith(entry.slice(0, -1))),
      )
    ) {
      throw new DomainError('auth.ip_blocked');
    }
  }

  /** Ends the session of `tokenId` at once; the next request with its token gets 401. */
  async logout(tokenId: string, client: ClientContext): Promise<void> {
    const session = await this.sessionStore.remove(tokenId);
    if (session) await this.loginLog.record(session.userName, client, true, 'auth.logout_success');
  }
}

import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DomainError } from '@platform/contracts';
import type { BindEmailBody, BindPhoneBody, Caller, ClientContext } from '@platform/contracts/dto';
import { isMainlandAddress, SessionStore } from '@platform/nest-common';
import type { DataSource } from 'typeorm';

import { EventOutbox } from '../events/event-outbox.entity';
import { ConfigParamsService } from '../params/config-params.service';
import { User } from '../users/user.entity';
import { UserDirectory } from '../users/user-directory.service';
import {
  emailTarget,
  phoneTarget,
  VerificationService,
} from '../verification/verification.service';

/** What a signed-in user does to their own account (phone and e-mail binding, region check). */
@Injectable()
export class AccountService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly directory: UserDirectory,
    private readonly codes: VerificationService,
    private readonly params: ConfigParamsService,
    private readonly sessions: SessionStore,
  ) {}

  async emailRegistered(email: string): Promise<{ registered: boolean }> {
    return { registered: (await this.directory.findByEmail(email)) !== null };
  }

  /**
   * Whether the phone-binding rule for mainland users applies: decided from the request's address with
   * the bundled IP-location database (loopback and private addresses count as mainland, see
   * docs/realname-and-location.md); an administrator can turn the dialog off with the parameter
   * `sys.user.bindPhoneRequired`.
   */
  async checkMainland(caller: Caller, client: ClientContext): Promise<{ isMainland: boolean }> {
    const required = await this.params.getBoolean('sys.user.bindPhoneRequired', true);
    const user = await this.directory.findById(caller.userId);
    if (!required || !user) return { isMainland: false };
    return { isMainland: isMainlandAddress(client.ip) };
  }

  /** Binds a phone to the caller after its code checks out; the reward is announced through the outbox. */
  async bindPhone(body: BindPhoneBody, caller: Caller): Promise<{ reward: number }> {
    const user = await this.directory.findById(caller.userId);
    if (!user) throw new DomainError('user.not_found');
    if (user.qu === body.qu && user.phonenumber === body.phonenumber)
      throw new DomainError('user.same_phone');
    const owner = await this.directory.findByPhone(body.qu, body.phonenumber);
    if (owner && owner.userId !== user.userId) throw new DomainError('user.phone_taken');
    await this.codes.consume(phoneTarget(body.qu, body.phonenumber), 'bind', body.captcha);
    const reward = await this.params.getNumber('points.bindPhone.reward', 50);
    const firstBinding = !user.phonenumber;
    await this.db.transaction(async (tx) => {
      await tx.update(User, user.userId, { qu: body.qu, phonenumber: body.phonenumber });
      if (firstBinding) {
        await tx.insert(EventOutbox, {
          eventType: 'identity.user.phone_bound',
          idempotencyKey: `user.phone_bound:${user.userId}`,
          payload: { userId: user.userId, reward },
        });
      }
    });
    await this.sessions.lockUser(user.userId, () =>
      this.sessions.updateForUser(user.userId, (s) => ({
        ...s,
        qu: body.qu,
        phonenumber: body.phonenumber,
      })),
    );
    return { reward: firstBinding ? reward : 0 };
  }

  /**
   * Binds an e-mail address to the caller, or changes the bound one, after the code sent to the new
   * address checks out. The new address must differ from the current one (spec §5) and belong to no
   * other account; both checks come before the code is used up, so a refused request costs no code.
   */
  async bindEmail(body: BindEmailBody, caller: Caller): Promise<{ email: string }> {
    const user = await this.directory.findById(caller.userId);
    if (!user) throw new DomainError('user.not_found');
    const email = body.email.toLowerCase();
    if (user.email?.toLowerCase() === email) throw new DomainError('user.same_email');
    const owner = await this.directory.findByEmail(email);
    if (owner && owner.userId !== user.userId) throw new DomainError('user.email_taken');
    await this.codes.consume(emailTarget(email), 'bind', body.captcha);
    await this.db.getRepository(User).update(user.userId, { email });
    await this.sessions.lockUser(user.userId, () =>
      this.sessions.updateForUser(user.userId, (s) => ({ ...s, email })),
    );
    return { email };
  }
}

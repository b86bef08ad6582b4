import { Injectable } from '@nestjs/common';
import { parseLanguage, type SessionUser, SUPER_USER_ID } from '@platform/contracts';
import type { ClientContext } from '@platform/contracts/dto';
import { newToken, SessionStore, tokenIdOf } from '@platform/nest-common';

import type { User } from '../users/user.entity';
import { UserDirectory } from '../users/user-directory.service';
import { describeClient } from './login-log.service';

/** Opens sessions: a fresh token whose sha256 keys the session record in Redis. */
@Injectable()
export class SessionFactory {
  constructor(
    private readonly directory: UserDirectory,
    private readonly sessions: SessionStore,
  ) {}

  async open(user: User, client: ClientContext): Promise<string> {
    const token = newToken();
    const grants = await this.directory.grantsOf(user.userId);
    const now = Date.now();
    const session: SessionUser = {
      tokenId: tokenIdOf(token),
      userId: user.userId,
      userName: user.userName,
      nickName: user.nickName,
      avatar: user.avatar,
      email: user.email ?? '',
      phonenumber: user.phonenumber ?? '',
      qu: user.qu ?? '',
      pagesize: user.pagesize,
      tour: user.tour,
      deptId: user.deptId,
      companyId: user.companyId,
      admin: grants.admin || user.userId === SUPER_USER_ID,
      roles: grants.roles,
      permissions: grants.permissions,
      loginTime: now,
      expireTime: this.sessions.expiryFromNow(now),
      ipaddr: client.ip,
      ...describeClient(client.userAgent),
      lang: parseLanguage(client.lang),
    };
    await this.sessions.save(session);
    return token;
  }
}

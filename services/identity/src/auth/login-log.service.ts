import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { MessageKey } from '@platform/contracts';
import type { ClientContext } from '@platform/contracts/dto';
import type { Repository } from 'typeorm';
import { UAParser } from 'ua-parser-js';

import { LoginLog } from './login-log.entity';

export interface ClientDescription {
  browser: string;
  os: string;
}

export function describeClient(userAgent: string): ClientDescription {
  const parser = new UAParser(userAgent);
  const browser = parser.getBrowser();
  const os = parser.getOS();
  return {
    browser: [browser.name, browser.major].filter(Boolean).join(' ').slice(0, 50) || 'Unknown',
    os: [os.name, os.version].filter(Boolean).join(' ').slice(0, 50) || 'Unknown',
  };
}

/** Writes one login-log row per sign-in attempt, sign-out or registration, with the reason's message key. */
@Injectable()
export class LoginLogService {
  constructor(@InjectRepository(LoginLog) private readonly logs: Repository<LoginLog>) {}

  async record(
    userName: string,
    client: ClientContext,
    ok: boolean,
    reason: MessageKey,
  ): Promise<void> {
    const { browser, os } = describeClient(client.userAgent);
    await this.logs.insert({
      userName: userName.slice(0, 64),
      ipaddr: client.ip,
      loginLocation: '',
      browser,
      os,
      status: ok ? '0' : '1',
      msg: reason,
    });
  }
}

import { randomUUID } from 'node:crypto';

import { Inject, Injectable } from '@nestjs/common';
import { type CaptchaView, DomainError, SESSION_KEYS } from '@platform/contracts';
import type Redis from 'ioredis';
import svgCaptcha from 'svg-captcha';

import { REDIS } from '../infra/infra.module';
import { ConfigParamsService } from '../params/config-params.service';

const CAPTCHA_TTL_SECONDS = 120;

/** Image captchas: SVG, answer kept in Redis for 2 minutes, usable once (GETDEL). */
@Injectable()
export class CaptchaService {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly params: ConfigParamsService,
  ) {}

  enabled(): Promise<boolean> {
    return this.params.getBoolean('sys.account.captchaEnabled', true);
  }

  async create(): Promise<CaptchaView> {
    if (!(await this.enabled())) return { captchaEnabled: false, uuid: '', img: '' };
    const captcha = svgCaptcha.create({
      size: 4,
      noise: 2,
      ignoreChars: '0oO1iIlL',
      width: 120,
      height: 40,
    });
    const uuid = randomUUID();
    await this.redis.set(
      SESSION_KEYS.captcha(uuid),
      captcha.text.toLowerCase(),
      'EX',
      CAPTCHA_TTL_SECONDS,
    );
    const img = `data:image/svg+xml;base64,${Buffer.from(captcha.data).toString('base64')}`;
    return { captchaEnabled: true, uuid, img };
  }

  /** Consumes the captcha of `uuid`; a second use, an expired one or a wrong answer all fail. */
  async verify(uuid: string | undefined, answer: string | undefined): Promise<void> {
    const expected = uuid ? await this.redis.getdel(SESSION_KEYS.captcha(uuid)) : null;
    if (expected === null) throw new DomainError('auth.captcha_expired');
    if (!answer || answer.trim().toLowerCase() !== expected)
      throw new DomainError('auth.captcha_invalid');
  }
}

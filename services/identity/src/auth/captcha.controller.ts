import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { IDENTITY_PATTERNS } from '@platform/contracts';

import { CaptchaService } from './captcha.service';

/** The sign-in page's captcha. */
@Controller()
export class CaptchaController {
  constructor(private readonly captcha: CaptchaService) {}

  @MessagePattern(IDENTITY_PATTERNS.captchaCreate)
  create() {
    return this.captcha.create();
  }
}

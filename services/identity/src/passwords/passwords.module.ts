import { Module } from '@nestjs/common';

import { PasswordService } from './password.service';

/** Password hashing, shared by sign-in, sign-up, user management and the administrator's bootstrap. */
@Module({
  providers: [PasswordService],
  exports: [PasswordService],
})
export class PasswordsModule {}

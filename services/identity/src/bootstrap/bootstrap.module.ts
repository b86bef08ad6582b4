import { Module } from '@nestjs/common';

import { PasswordsModule } from '../passwords/passwords.module';
import { AdminBootstrap } from './admin.bootstrap';

@Module({
  imports: [PasswordsModule],
  providers: [AdminBootstrap],
})
export class BootstrapModule {}

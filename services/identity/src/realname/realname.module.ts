import { Module } from '@nestjs/common';

import { IDENTITY_ENV, type IdentityEnv } from '../config/env';
import { DataScopeModule } from '../datascope/data-scope.module';
import { FieldCipher } from './field-cipher';
import { fieldKeys } from './field-key';
import { AlipayCertifier, IDENTITY_CERTIFIER } from './identity-certifier';
import { RealNameController } from './realname.controller';
import { RealNameService } from './realname.service';

@Module({
  imports: [DataScopeModule],
  controllers: [RealNameController],
  providers: [
    {
      provide: FieldCipher,
      useFactory: (env: IdentityEnv) => {
        const keys = fieldKeys(env);
        return new FieldCipher(keys.current, keys.previous);
      },
      inject: [IDENTITY_ENV],
    },
    {
      provide: IDENTITY_CERTIFIER,
      useFactory: (env: IdentityEnv) => (env.ALIPAY_APP_ID ? new AlipayCertifier(env) : null),
      inject: [IDENTITY_ENV],
    },
    RealNameService,
  ],
})
export class RealNameModule {}

import { Module } from '@nestjs/common';

import { DataScopeModule } from '../datascope/data-scope.module';
import { GrantPolicy } from './grant-policy.service';

@Module({
  imports: [DataScopeModule],
  providers: [GrantPolicy],
  exports: [GrantPolicy],
})
export class GrantsModule {}

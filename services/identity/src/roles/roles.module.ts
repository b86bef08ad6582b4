import { Module } from '@nestjs/common';

import { CommonModule } from '../common/common.module';
import { DataScopeModule } from '../datascope/data-scope.module';
import { DeptsModule } from '../depts/depts.module';
import { GrantsModule } from '../grants/grants.module';
import { UsersModule } from '../users/users.module';
import { RolesController } from './roles.controller';
import { RolesService } from './roles.service';

@Module({
  imports: [UsersModule, DeptsModule, DataScopeModule, GrantsModule, CommonModule],
  controllers: [RolesController],
  providers: [RolesService],
})
export class RolesModule {}

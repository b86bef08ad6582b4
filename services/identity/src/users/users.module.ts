import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';

import { CommonModule } from '../common/common.module';
import { DataScopeModule } from '../datascope/data-scope.module';
import { GrantsModule } from '../grants/grants.module';
import { PasswordsModule } from '../passwords/passwords.module';
import { AssigneeIdsController } from './assignee-ids.controller';
import { ProfileController } from './profile.controller';
import { ProfileService } from './profile.service';
import { PromotionController } from './promotion.controller';
import { SessionSync } from './session-sync.service';
import { User } from './user.entity';
import { UserDirectory } from './user-directory.service';
import { UserIdsController } from './user-ids.controller';
import { UserImportService } from './user-import.service';
import { UsersAdminController } from './users-admin.controller';
import { UsersAdminService } from './users-admin.service';
import { WujieUsersController } from './wujie-users.controller';
import { WujieUsersService } from './wujie-users.service';

/** The user directory, user management, the personal centre and the user lists other services ask for. */
@Module({
  imports: [
    TypeOrmModule.forFeature([User]),
    PasswordsModule,
    DataScopeModule,
    GrantsModule,
    CommonModule,
  ],
  controllers: [
    UsersAdminController,
    ProfileController,
    PromotionController,
    WujieUsersController,
    UserIdsController,
    AssigneeIdsController,
  ],
  providers: [
    UserDirectory,
    SessionSync,
    ProfileService,
    UserImportService,
    UsersAdminService,
    WujieUsersService,
  ],
  exports: [UserDirectory, SessionSync],
})
export class UsersModule {}

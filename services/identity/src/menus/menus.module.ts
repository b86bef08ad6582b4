import { Module } from '@nestjs/common';

import { CommonModule } from '../common/common.module';
import { GrantsModule } from '../grants/grants.module';
import { UsersModule } from '../users/users.module';
import { MenusController } from './menus.controller';
import { MenusService } from './menus.service';
import { RoutersController } from './routers.controller';
import { RoutersService } from './routers.service';

@Module({
  imports: [UsersModule, GrantsModule, CommonModule],
  controllers: [MenusController, RoutersController],
  providers: [MenusService, RoutersService],
})
export class MenusModule {}

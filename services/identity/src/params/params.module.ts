import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';

import { CommonModule } from '../common/common.module';
import { ConfigParam } from './config.entity';
import { ConfigParamsService } from './config-params.service';
import { ConfigsController } from './configs.controller';
import { ConfigsService } from './configs.service';

@Module({
  imports: [TypeOrmModule.forFeature([ConfigParam]), CommonModule],
  controllers: [ConfigsController],
  providers: [ConfigParamsService, ConfigsService],
  exports: [ConfigParamsService, ConfigsService],
})
export class ParamsModule {}

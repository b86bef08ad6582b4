import { Module } from '@nestjs/common';

import { CommonModule } from '../common/common.module';
import { DataScopeModule } from '../datascope/data-scope.module';
import { DeptsController } from './depts.controller';
import { DeptsService } from './depts.service';

@Module({
  imports: [DataScopeModule, CommonModule],
  controllers: [DeptsController],
  providers: [DeptsService],
  exports: [DeptsService],
})
export class DeptsModule {}

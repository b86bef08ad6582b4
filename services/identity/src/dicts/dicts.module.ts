import { Module } from '@nestjs/common';

import { CommonModule } from '../common/common.module';
import { DictsController } from './dicts.controller';
import { DictsService } from './dicts.service';

@Module({
  imports: [CommonModule],
  controllers: [DictsController],
  providers: [DictsService],
  exports: [DictsService],
})
export class DictsModule {}

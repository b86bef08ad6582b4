import { Module } from '@nestjs/common';

import { CommonModule } from '../common/common.module';
import { GenController } from './gen.controller';
import { GeneratorService } from './gen.service';

@Module({
  imports: [CommonModule],
  controllers: [GenController],
  providers: [GeneratorService],
})
export class GenModule {}

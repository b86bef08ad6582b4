import { Module } from '@nestjs/common';

import { CommonModule } from '../common/common.module';
import { NoticesController } from './notices.controller';
import { NoticesService } from './notices.service';

@Module({
  imports: [CommonModule],
  controllers: [NoticesController],
  providers: [NoticesService],
})
export class NoticesModule {}

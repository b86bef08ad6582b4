import { Module } from '@nestjs/common';

import { CommonModule } from '../common/common.module';
import { RichTextController } from './rich-text.controller';
import { RichTextService } from './rich-text.service';

@Module({
  imports: [CommonModule],
  controllers: [RichTextController],
  providers: [RichTextService],
})
export class RichTextModule {}

import { Module } from '@nestjs/common';

import { DiagramsService } from './diagrams.service';

@Module({
  providers: [DiagramsService],
  exports: [DiagramsService],
})
export class DiagramsModule {}

import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';

import { WORKFLOW_DB } from '../database/inject';
import { DiagramsModule } from '../diagrams/diagrams.module';
import { VersionsController } from './versions.controller';
import { VersionsService } from './versions.service';
import { Workflow, WorkflowVersion } from './workflow.entity';
import { WorkflowsController } from './workflows.controller';
import { WorkflowsService } from './workflows.service';

@Module({
  imports: [TypeOrmModule.forFeature([Workflow, WorkflowVersion], WORKFLOW_DB), DiagramsModule],
  controllers: [WorkflowsController, VersionsController],
  providers: [WorkflowsService, VersionsService],
  exports: [WorkflowsService],
})
export class WorkflowsModule {}

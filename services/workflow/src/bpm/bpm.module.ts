import { Module } from '@nestjs/common';

import { DiagramsModule } from '../diagrams/diagrams.module';
import { EngineModule } from '../engine/engine.module';
import { BpmTasksService } from './bpm-tasks.service';
import { FormsController } from './forms.controller';
import { FormsService } from './forms.service';
import { GroupsController } from './groups.controller';
import { GroupsService } from './groups.service';
import { IdentityClient } from './identity-client';
import { ModelsController } from './models.controller';
import { ModelsService } from './models.service';
import { ProcessDefinitionsController } from './process-definitions.controller';
import { ProcessInstancesController } from './process-instances.controller';
import { ProcessInstancesService } from './process-instances.service';
import { RulesController } from './rules.controller';
import { RulesService } from './rules.service';
import { TaskAssignmentService } from './task-assignment.service';
import { TaskForms } from './task-forms';
import { TasksController } from './tasks.controller';

/** Business processes (issue 29): models, assignment rules, forms, groups, instances and tasks. */
@Module({
  imports: [EngineModule, DiagramsModule],
  controllers: [
    ModelsController,
    RulesController,
    FormsController,
    GroupsController,
    ProcessDefinitionsController,
    ProcessInstancesController,
    TasksController,
  ],
  providers: [
    ModelsService,
    ProcessInstancesService,
    BpmTasksService,
    IdentityClient,
    TaskAssignmentService,
    TaskForms,
    RulesService,
    FormsService,
    GroupsService,
  ],
  exports: [ProcessInstancesService],
})
export class BpmModule {}

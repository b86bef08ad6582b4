import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { WORKFLOW_PATTERNS as W } from '@platform/contracts';
import { commandOf, EngineIdQuery, ProcessDefinitionPageQuery } from '@platform/contracts/dto';

import { ProcessInstancesService } from './process-instances.service';

class DefinitionPageCommand extends commandOf(ProcessDefinitionPageQuery) {}
class DefinitionGetCommand extends commandOf(EngineIdQuery) {}

/** People's processes (issue 29): the deployed definitions one may start. */
@Controller()
export class ProcessDefinitionsController {
  constructor(private readonly instances: ProcessInstancesService) {}

  @MessagePattern(W.processDefinitionPage)
  definitionPage(@Payload() { body }: DefinitionPageCommand) {
    return this.instances.definitionPage(body);
  }

  @MessagePattern(W.processDefinitionGet)
  definitionGet(@Payload() { body }: DefinitionGetCommand) {
    return this.instances.definitionGet(body.id);
  }
}

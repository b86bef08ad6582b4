import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { WORKFLOW_PATTERNS } from '@platform/contracts';
import {
  BpmModelBody,
  BpmModelListQuery,
  BpmModelUpdateStateBody,
  commandOf,
  IdBody,
  IdsBody,
  UpdateBpmModelBody,
} from '@platform/contracts/dto';

import { actorOf } from '../common/commands';
import { ModelsService } from './models.service';

class IdCommand extends commandOf(IdBody) {}
class IdsCommand extends commandOf(IdsBody) {}
class ModelListCommand extends commandOf(BpmModelListQuery) {}
class ModelCommand extends commandOf(BpmModelBody) {}
class UpdateModelCommand extends commandOf(UpdateBpmModelBody) {}
class UpdateStateCommand extends commandOf(BpmModelUpdateStateBody) {}

/** Process models: their diagrams and deployment. */
@Controller()
export class ModelsController {
  constructor(private readonly models: ModelsService) {}

  @MessagePattern(WORKFLOW_PATTERNS.modelList)
  modelList(@Payload() { body }: ModelListCommand) {
    return this.models.list(body);
  }

  @MessagePattern(WORKFLOW_PATTERNS.modelGet)
  modelGet(@Payload() { body }: IdCommand) {
    return this.models.get(body.id);
  }

  @MessagePattern(WORKFLOW_PATTERNS.modelCreate)
  modelCreate(@Payload() command: ModelCommand) {
    return this.models.create(command.body, actorOf(command));
  }

  @MessagePattern(WORKFLOW_PATTERNS.modelUpdate)
  modelUpdate(@Payload() command: UpdateModelCommand) {
    return this.models.update(command.body, actorOf(command));
  }

  @MessagePattern(WORKFLOW_PATTERNS.modelDeploy)
  modelDeploy(@Payload() command: IdCommand) {
    return this.models.deploy(command.body.id, actorOf(command));
  }

  @MessagePattern(WORKFLOW_PATTERNS.modelUpdateState)
  async modelUpdateState(@Payload() command: UpdateStateCommand) {
    await this.models.updateState(command.body, actorOf(command));
    return {};
  }

  @MessagePattern(WORKFLOW_PATTERNS.modelRemove)
  async modelRemove(@Payload() { body }: IdsCommand) {
    await this.models.remove(body.ids);
    return {};
  }
}

import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { WORKFLOW_PATTERNS } from '@platform/contracts';
import {
  commandOf,
  FunctionBody,
  FunctionListQuery,
  FunctionRunBody,
  IdBody,
  IdsBody,
  UpdateFunctionBody,
} from '@platform/contracts/dto';

import { actorOf } from '../common/commands';
import { FunctionsService } from './functions.service';

class ListCommand extends commandOf(FunctionListQuery) {}
class IdCommand extends commandOf(IdBody) {}
class IdsCommand extends commandOf(IdsBody) {}
class CreateCommand extends commandOf(FunctionBody) {}
class UpdateCommand extends commandOf(UpdateFunctionBody) {}
class RunCommand extends commandOf(FunctionRunBody) {}

/** Message handlers of functions and their sandboxed test runs. */
@Controller()
export class FunctionsController {
  constructor(private readonly functions: FunctionsService) {}

  @MessagePattern(WORKFLOW_PATTERNS.functionList)
  list(@Payload() { body }: ListCommand) {
    return this.functions.list(body);
  }

  @MessagePattern(WORKFLOW_PATTERNS.functionListSimple)
  listSimple() {
    return this.functions.listSimple();
  }

  @MessagePattern(WORKFLOW_PATTERNS.functionTags)
  tags() {
    return this.functions.tags();
  }

  @MessagePattern(WORKFLOW_PATTERNS.functionGet)
  get(@Payload() { body }: IdCommand) {
    return this.functions.get(body.id);
  }

  @MessagePattern(WORKFLOW_PATTERNS.functionCreate)
  create(@Payload() command: CreateCommand) {
    return this.functions.create(command.body, actorOf(command));
  }

  @MessagePattern(WORKFLOW_PATTERNS.functionUpdate)
  update(@Payload() command: UpdateCommand) {
    return this.functions.update(command.body, actorOf(command));
  }

  @MessagePattern(WORKFLOW_PATTERNS.functionRemove)
  async remove(@Payload() { body }: IdsCommand) {
    await this.functions.remove(body.ids);
    return {};
  }

  @MessagePattern(WORKFLOW_PATTERNS.functionRun)
  run(@Payload() { body }: RunCommand) {
    return this.functions.run(body);
  }
}

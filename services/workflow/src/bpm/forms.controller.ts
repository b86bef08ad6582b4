import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { WORKFLOW_PATTERNS } from '@platform/contracts';
import {
  BpmFormBody,
  commandOf,
  IdBody,
  IdsBody,
  NameQuery,
  UpdateBpmFormBody,
} from '@platform/contracts/dto';

import { actorOf } from '../common/commands';
import { FormsService } from './forms.service';

class IdCommand extends commandOf(IdBody) {}
class IdsCommand extends commandOf(IdsBody) {}
class NameQueryCommand extends commandOf(NameQuery) {}
class FormCommand extends commandOf(BpmFormBody) {}
class UpdateFormCommand extends commandOf(UpdateBpmFormBody) {}

/** Process forms. */
@Controller()
export class FormsController {
  constructor(private readonly forms: FormsService) {}

  @MessagePattern(WORKFLOW_PATTERNS.formList)
  formList(@Payload() { body }: NameQueryCommand) {
    return this.forms.list(body);
  }

  @MessagePattern(WORKFLOW_PATTERNS.formListSimple)
  formListSimple() {
    return this.forms.listSimple();
  }

  @MessagePattern(WORKFLOW_PATTERNS.formGet)
  formGet(@Payload() { body }: IdCommand) {
    return this.forms.get(body.id);
  }

  @MessagePattern(WORKFLOW_PATTERNS.formCreate)
  formCreate(@Payload() command: FormCommand) {
    return this.forms.create(command.body, actorOf(command));
  }

  @MessagePattern(WORKFLOW_PATTERNS.formUpdate)
  formUpdate(@Payload() command: UpdateFormCommand) {
    return this.forms.update(command.body, actorOf(command));
  }

  @MessagePattern(WORKFLOW_PATTERNS.formRemove)
  async formRemove(@Payload() { body }: IdsCommand) {
    await this.forms.remove(body.ids);
    return {};
  }
}

import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ADMIN_PATTERNS as A } from '@platform/contracts';
import { commandOf, IdBody, IdsBody, RichTextBody, RichTextQuery } from '@platform/contracts/dto';

import { Operators } from '../common/operators.service';
import { RichTextService } from './rich-text.service';

class RichTextQueryCommand extends commandOf(RichTextQuery) {}
class RichTextCommand extends commandOf(RichTextBody) {}
class IdCommand extends commandOf(IdBody) {}
class IdsCommand extends commandOf(IdsBody) {}

/** Rich-text documents. */
@Controller()
export class RichTextController {
  constructor(
    private readonly richText: RichTextService,
    private readonly operators: Operators,
  ) {}

  @MessagePattern(A.richTextList)
  list(@Payload() c: RichTextQueryCommand) {
    return this.richText.list(c.body);
  }

  @MessagePattern(A.richTextGet)
  get(@Payload() c: IdCommand) {
    return this.richText.get(c.body.id);
  }

  @MessagePattern(A.richTextCreate)
  async create(@Payload() c: RichTextCommand) {
    return this.richText.create(c.body, (await this.operators.of(c)).by);
  }

  @MessagePattern(A.richTextUpdate)
  async update(@Payload() c: RichTextCommand) {
    await this.richText.update(c.body, (await this.operators.of(c)).by);
    return {};
  }

  @MessagePattern(A.richTextRemove)
  async remove(@Payload() c: IdsCommand) {
    await this.richText.remove(c.body.ids);
    return {};
  }
}

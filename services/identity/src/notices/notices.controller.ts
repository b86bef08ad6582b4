import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ADMIN_PATTERNS as A } from '@platform/contracts';
import {
  commandOf,
  IdBody,
  IdsBody,
  NoticeBody,
  NoticeQuery,
  PageQueryBody,
} from '@platform/contracts/dto';

import { Operators } from '../common/operators.service';
import { callerOf } from '../common/sql';
import { NoticesService } from './notices.service';

class NoticeQueryCommand extends commandOf(NoticeQuery) {}
class NoticeCommand extends commandOf(NoticeBody) {}
class PageCommand extends commandOf(PageQueryBody) {}
class IdCommand extends commandOf(IdBody) {}
class IdsCommand extends commandOf(IdsBody) {}

/** Notices: their administration and the signed-in user's own list. */
@Controller()
export class NoticesController {
  constructor(
    private readonly notices: NoticesService,
    private readonly operators: Operators,
  ) {}

  @MessagePattern(A.noticeList)
  list(@Payload() c: NoticeQueryCommand) {
    return this.notices.list(c.body);
  }

  @MessagePattern(A.noticeGet)
  get(@Payload() c: IdCommand) {
    return this.notices.get(c.body.id);
  }

  @MessagePattern(A.noticeCreate)
  async create(@Payload() c: NoticeCommand) {
    return this.notices.create(c.body, (await this.operators.of(c)).by);
  }

  @MessagePattern(A.noticeUpdate)
  async update(@Payload() c: NoticeCommand) {
    await this.notices.update(c.body, (await this.operators.of(c)).by);
    return {};
  }

  @MessagePattern(A.noticeRemove)
  async remove(@Payload() c: IdsCommand) {
    await this.notices.remove(c.body.ids);
    return {};
  }

  @MessagePattern(A.noticeMine)
  mine(@Payload() c: PageCommand) {
    return this.notices.mine(c.body, callerOf(c));
  }

  @MessagePattern(A.noticeRead)
  read(@Payload() c: IdCommand) {
    return this.notices.read(c.body.id, callerOf(c));
  }
}

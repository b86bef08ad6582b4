import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ADMIN_PATTERNS as A } from '@platform/contracts';
import { commandOf, IdsBody, OperLogQuery } from '@platform/contracts/dto';

import { LogsService } from './logs.service';

class OperQueryCommand extends commandOf(OperLogQuery) {}
class IdsCommand extends commandOf(IdsBody) {}

/** The operation log. */
@Controller()
export class OperLogsController {
  constructor(private readonly logs: LogsService) {}

  @MessagePattern(A.operLogList)
  list(@Payload() c: OperQueryCommand) {
    return c.body.afterId !== undefined ? this.logs.exportOper(c.body) : this.logs.listOper(c.body);
  }

  @MessagePattern(A.operLogRemove)
  async remove(@Payload() c: IdsCommand) {
    await this.logs.removeOper(c.body.ids);
    return {};
  }

  @MessagePattern(A.operLogClean)
  async clean() {
    await this.logs.cleanOper();
    return {};
  }
}

import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ADMIN_PATTERNS as A } from '@platform/contracts';
import {
  commandOf,
  ConfigBody,
  ConfigKeyBody,
  ConfigQuery,
  IdBody,
  IdsBody,
} from '@platform/contracts/dto';

import { Operators } from '../common/operators.service';
import { ConfigsService } from './configs.service';

class ConfigQueryCommand extends commandOf(ConfigQuery) {}
class ConfigCommand extends commandOf(ConfigBody) {}
class ConfigKeyCommand extends commandOf(ConfigKeyBody) {}
class IdCommand extends commandOf(IdBody) {}
class IdsCommand extends commandOf(IdsBody) {}

/** System parameters. */
@Controller()
export class ConfigsController {
  constructor(
    private readonly configs: ConfigsService,
    private readonly operators: Operators,
  ) {}

  @MessagePattern(A.configList)
  list(@Payload() c: ConfigQueryCommand) {
    return this.configs.list(c.body);
  }

  @MessagePattern(A.configGet)
  get(@Payload() c: IdCommand) {
    return this.configs.get(c.body.id);
  }

  @MessagePattern(A.configByKey)
  byKey(@Payload() c: ConfigKeyCommand) {
    return this.configs.valueOf(c.body.configKey);
  }

  @MessagePattern(A.configCreate)
  async create(@Payload() c: ConfigCommand) {
    return this.configs.create(c.body, (await this.operators.of(c)).by);
  }

  @MessagePattern(A.configUpdate)
  async update(@Payload() c: ConfigCommand) {
    await this.configs.update(c.body, (await this.operators.of(c)).by);
    return {};
  }

  @MessagePattern(A.configRemove)
  async remove(@Payload() c: IdsCommand) {
    await this.configs.remove(c.body.ids);
    return {};
  }

  @MessagePattern(A.configRefreshCache)
  refresh() {
    return this.configs.refreshCache();
  }
}

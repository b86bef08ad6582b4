import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ADMIN_PATTERNS as A } from '@platform/contracts';
import {
  commandOf,
  DictDataBody,
  DictDataQuery,
  DictTypeBody,
  DictTypeKeyBody,
  DictTypeQuery,
  IdBody,
  IdsBody,
} from '@platform/contracts/dto';

import { Operators } from '../common/operators.service';
import { DictsService } from './dicts.service';

class TypeQueryCommand extends commandOf(DictTypeQuery) {}
class TypeCommand extends commandOf(DictTypeBody) {}
class DataQueryCommand extends commandOf(DictDataQuery) {}
class DataCommand extends commandOf(DictDataBody) {}
class TypeKeyCommand extends commandOf(DictTypeKeyBody) {}
class IdCommand extends commandOf(IdBody) {}
class IdsCommand extends commandOf(IdsBody) {}

/** Dictionary types and entries. */
@Controller()
export class DictsController {
  constructor(
    private readonly dicts: DictsService,
    private readonly operators: Operators,
  ) {}

  @MessagePattern(A.dictTypeList)
  typeList(@Payload() c: TypeQueryCommand) {
    return this.dicts.listTypes(c.body);
  }

  @MessagePattern(A.dictTypeOptions)
  typeOptions() {
    return this.dicts.typeOptions();
  }

  @MessagePattern(A.dictTypeGet)
  typeGet(@Payload() c: IdCommand) {
    return this.dicts.getType(c.body.id);
  }

  @MessagePattern(A.dictTypeCreate)
  async typeCreate(@Payload() c: TypeCommand) {
    return this.dicts.createType(c.body, (await this.operators.of(c)).by);
  }

  @MessagePattern(A.dictTypeUpdate)
  async typeUpdate(@Payload() c: TypeCommand) {
    await this.dicts.updateType(c.body, (await this.operators.of(c)).by);
    return {};
  }

  @MessagePattern(A.dictTypeRemove)
  async typeRemove(@Payload() c: IdsCommand) {
    await this.dicts.removeTypes(c.body.ids);
    return {};
  }

  @MessagePattern(A.dictRefreshCache)
  refreshCache() {
    return this.dicts.refreshCache();
  }

  @MessagePattern(A.dictDataList)
  dataList(@Payload() c: DataQueryCommand) {
    return this.dicts.listData(c.body, c.client.lang);
  }

  @MessagePattern(A.dictDataGet)
  dataGet(@Payload() c: IdCommand) {
    return this.dicts.getData(c.body.id, c.client.lang);
  }

  @MessagePattern(A.dictDataByType)
  byType(@Payload() c: TypeKeyCommand) {
    return this.dicts.byType(c.body.dictType, c.client.lang);
  }

  @MessagePattern(A.dictDataTree)
  tree(@Payload() c: IdCommand) {
    return this.dicts.tree(c.body.id, c.client.lang);
  }

  @MessagePattern(A.dictDataCreate)
  async dataCreate(@Payload() c: DataCommand) {
    return this.dicts.createData(c.body, (await this.operators.of(c)).by);
  }

  @MessagePattern(A.dictDataUpdate)
  async dataUpdate(@Payload() c: DataCommand) {
    await this.dicts.updateData(c.body, (await this.operators.of(c)).by, c.client.lang);
    return {};
  }

  @MessagePattern(A.dictDataRemove)
  async dataRemove(@Payload() c: IdsCommand) {
    await this.dicts.removeData(c.body.ids);
    return {};
  }
}

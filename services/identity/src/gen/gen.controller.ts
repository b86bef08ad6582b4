import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ADMIN_PATTERNS as A } from '@platform/contracts';
import {
  commandOf,
  GenDbListCommandBody,
  GenImportCommandBody,
  GenListQuery,
  GenSynchCommandBody,
  GenTableBody,
  IdBody,
  IdsBody,
} from '@platform/contracts/dto';

import { Operators } from '../common/operators.service';
import { GeneratorService } from './gen.service';

class GenListCommand extends commandOf(GenListQuery) {}
class GenDbListCommand extends commandOf(GenDbListCommandBody) {}
class GenImportCommand extends commandOf(GenImportCommandBody) {}
class GenTableCommand extends commandOf(GenTableBody) {}
class GenSynchCommand extends commandOf(GenSynchCommandBody) {}
class IdCommand extends commandOf(IdBody) {}
class IdsCommand extends commandOf(IdsBody) {}

/** The code generator (tool/gen): imported tables, their settings and the generated files. */
@Controller()
export class GenController {
  constructor(
    private readonly gen: GeneratorService,
    private readonly operators: Operators,
  ) {}

  @MessagePattern(A.genList)
  list(@Payload() c: GenListCommand) {
    return this.gen.list(c.body);
  }

  @MessagePattern(A.genDbList)
  dbList(@Payload() c: GenDbListCommand) {
    return this.gen.dbList(c.body);
  }

  @MessagePattern(A.genImport)
  async importTables(@Payload() c: GenImportCommand) {
    await this.gen.importTables(c.body, (await this.operators.of(c)).by);
    return {};
  }

  @MessagePattern(A.genGet)
  get(@Payload() c: IdCommand) {
    return this.gen.get(c.body.id);
  }

  @MessagePattern(A.genUpdate)
  async update(@Payload() c: GenTableCommand) {
    await this.gen.update(c.body, (await this.operators.of(c)).by);
    return {};
  }

  @MessagePattern(A.genRemove)
  async remove(@Payload() c: IdsCommand) {
    await this.gen.remove(c.body.ids);
    return {};
  }

  @MessagePattern(A.genPreview)
  preview(@Payload() c: IdCommand) {
    return this.gen.preview(c.body.id);
  }

  @MessagePattern(A.genSynch)
  async synch(@Payload() c: GenSynchCommand) {
    await this.gen.synch(c.body.id, c.body.columns, (await this.operators.of(c)).by);
    return {};
  }
}

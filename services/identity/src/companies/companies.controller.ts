import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ADMIN_PATTERNS as A } from '@platform/contracts';
import { commandOf, CompanyBody, CompanyQuery, IdBody, IdsBody } from '@platform/contracts/dto';

import { Operators } from '../common/operators.service';
import { callerOf } from '../common/sql';
import { CompaniesAdminService } from './companies-admin.service';

class CompanyQueryCommand extends commandOf(CompanyQuery) {}
class CompanyCommand extends commandOf(CompanyBody) {}
class IdCommand extends commandOf(IdBody) {}
class IdsCommand extends commandOf(IdsBody) {}

/** Companies. */
@Controller()
export class CompaniesController {
  constructor(
    private readonly companies: CompaniesAdminService,
    private readonly operators: Operators,
  ) {}

  @MessagePattern(A.companyList)
  list(@Payload() c: CompanyQueryCommand) {
    return this.companies.list(c.body, callerOf(c));
  }

  @MessagePattern(A.companyGet)
  get(@Payload() c: IdCommand) {
    return this.companies.get(c.body.id, callerOf(c));
  }

  @MessagePattern(A.companyCreate)
  async create(@Payload() c: CompanyCommand) {
    const { caller, by } = await this.operators.of(c);
    return this.companies.create(c.body, caller, by);
  }

  @MessagePattern(A.companyUpdate)
  async update(@Payload() c: CompanyCommand) {
    const { caller, by } = await this.operators.of(c);
    await this.companies.update(c.body, caller, by);
    return {};
  }

  @MessagePattern(A.companyRemove)
  async remove(@Payload() c: IdsCommand) {
    const { caller, by } = await this.operators.of(c);
    await this.companies.remove(c.body.ids, caller, by);
    return {};
  }
}

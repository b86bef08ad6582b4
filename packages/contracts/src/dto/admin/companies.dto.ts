import { Transform } from 'class-transformer';
import { Matches } from 'class-validator';

import { SORT_FIELDS, STATUS_VALUES } from '../../identity/admin';
import { Required } from '../decorators';
import { blankToUndefined, OptionalInt, OptionalOneOf, OptionalText, RequiredText } from './fields';
import { TimeRange } from './paging.dto';

// Companies.

export class CompanyQuery extends TimeRange {
  @OptionalOneOf(SORT_FIELDS.company)
  orderByColumn?: (typeof SORT_FIELDS.company)[number];

  @OptionalText(100)
  companyName?: string;

  @OptionalText(32)
  companyCode?: string;

  @OptionalOneOf(STATUS_VALUES)
  status?: '0' | '1';
}

export class CompanyBody {
  @OptionalInt(1)
  companyId?: number;

  @RequiredText(100)
  companyName!: string;

  @Transform(blankToUndefined)
  @Required()
  @Matches(/^[A-Za-z0-9_-]{2,32}$/, { message: 'company.code_rule' })
  companyCode!: string;

  @OptionalText(255)
  logo?: string;

  @OptionalText(50)
  contactPerson?: string;

  @OptionalText(50)
  contactName?: string;

  @OptionalText(100)
  contactPhone?: string;

  @OptionalOneOf(STATUS_VALUES)
  status?: '0' | '1';

  @OptionalText(500)
  remark?: string;
}

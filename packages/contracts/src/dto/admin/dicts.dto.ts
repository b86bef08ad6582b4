import { Transform } from 'class-transformer';
import { Matches } from 'class-validator';

import { SORT_FIELDS, STATUS_VALUES } from '../../identity/admin';
import { Required } from '../decorators';
import { blankToUndefined, OptionalInt, OptionalOneOf, OptionalText, RequiredText } from './fields';
import { PageQueryBody, TimeRange } from './paging.dto';

// Dictionaries: types and data.

export class DictTypeQuery extends TimeRange {
  @OptionalOneOf(SORT_FIELDS.dictType)
  orderByColumn?: (typeof SORT_FIELDS.dictType)[number];

  @OptionalText(100)
  dictName?: string;

  @OptionalText(100)
  dictType?: string;

  @OptionalOneOf(STATUS_VALUES)
  status?: '0' | '1';

  @OptionalOneOf(['0', '1'])
  dictKind?: '0' | '1';
}

export class DictTypeBody {
  @OptionalInt(1)
  dictId?: number;

  @RequiredText(100)
  dictName!: string;

  @OptionalText(100)
  dictNameEn?: string;

  @Transform(blankToUndefined)
  @Required()
  @Matches(/^[a-z][a-z0-9_]{0,99}$/, { message: 'dict.type_rule' })
  dictType!: string;

  @OptionalOneOf(['0', '1'])
  dictKind?: '0' | '1';

  @OptionalOneOf(STATUS_VALUES)
  status?: '0' | '1';

  @OptionalText(500)
  remark?: string;
}

export class DictDataQuery extends PageQueryBody {
  @OptionalOneOf(SORT_FIELDS.dictData)
  orderByColumn?: (typeof SORT_FIELDS.dictData)[number];

  @OptionalText(100)
  dictType?: string;

  @OptionalText(100)
  dictLabel?: string;

  @OptionalOneOf(STATUS_VALUES)
  status?: '0' | '1';
}

export class DictDataBody {
  @OptionalInt(1)
  dictCode?: number;

  @OptionalInt(0)
  parentCode?: number;

  @OptionalInt(0, 99999)
  dictSort?: number;

  @RequiredText(100)
  dictLabel!: string;

  @OptionalText(100)
  dictLabelEn?: string;

  @RequiredText(100)
  dictValue!: string;

  @RequiredText(100)
  dictType!: string;

  @OptionalText(100)
  cssClass?: string;

  @OptionalText(100)
  listClass?: string;

  @OptionalOneOf(['Y', 'N'])
  isDefault?: 'Y' | 'N';

  @OptionalOneOf(STATUS_VALUES)
  status?: '0' | '1';

  @OptionalText(500)
  remark?: string;
}

export class DictTypeKeyBody {
  @RequiredText(100)
  dictType!: string;
}

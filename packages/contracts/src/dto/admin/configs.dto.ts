import { Transform } from 'class-transformer';
import { Matches } from 'class-validator';

import { SORT_FIELDS } from '../../identity/admin';
import { MaxLen, Required, Text } from '../decorators';
import {
  blankToUndefined,
  INVALID,
  OptionalInt,
  OptionalOneOf,
  OptionalText,
  RequiredText,
} from './fields';
import { TimeRange } from './paging.dto';

// System parameters.

export class ConfigQuery extends TimeRange {
  @OptionalOneOf(SORT_FIELDS.config)
  orderByColumn?: (typeof SORT_FIELDS.config)[number];

  @OptionalText(100)
  configName?: string;

  @OptionalText(100)
  configKey?: string;

  @OptionalOneOf(['Y', 'N'])
  configType?: 'Y' | 'N';
}

export class ConfigBody {
  @OptionalInt(1)
  configId?: number;

  @RequiredText(100)
  configName!: string;

  @OptionalText(100)
  configNameEn?: string;

  @Transform(blankToUndefined)
  @Required()
  @Matches(/^[A-Za-z0-9_.:-]{1,100}$/, INVALID)
  configKey!: string;

  @Required()
  @Text()
  @MaxLen(500)
  configValue!: string;

  @OptionalOneOf(['Y', 'N'])
  configType?: 'Y' | 'N';

  @OptionalText(500)
  remark?: string;
}

export class ConfigKeyBody {
  @RequiredText(100)
  configKey!: string;
}

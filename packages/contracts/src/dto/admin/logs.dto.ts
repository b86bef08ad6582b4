import { IsIn, IsInt, IsOptional } from 'class-validator';

import { SORT_FIELDS } from '../../identity/admin';
import { MaxLen, Text } from '../decorators';
import { OptionalInt, OptionalOneOf, OptionalText, RequiredText } from './fields';
import { TimeRange } from './paging.dto';

// Operation and login logs.

export class OperLogQuery extends TimeRange {
  @OptionalOneOf(SORT_FIELDS.operLog)
  orderByColumn?: (typeof SORT_FIELDS.operLog)[number];

  @OptionalText(50)
  title?: string;

  @OptionalText(64)
  operName?: string;

  @OptionalInt(0, 9)
  businessType?: number;

  @OptionalInt(0, 1)
  status?: number;

  @OptionalText(128)
  operIp?: string;

  @OptionalInt(0)
  afterId?: number;
}

export class OperLogRecordBody {
  @Text() @MaxLen(64) requestId!: string;
  @Text() @MaxLen(50) title!: string;
  @Text() @MaxLen(100) titleEn!: string;
  @IsInt() businessType!: number;
  @Text() @MaxLen(200) method!: string;
  @Text() @MaxLen(10) requestMethod!: string;
  @Text() @MaxLen(64) operName!: string;
  @IsOptional() @IsInt() operUserId!: number | null;
  @IsOptional() @IsInt() deptId!: number | null;
  @Text() @MaxLen(255) operUrl!: string;
  @Text() @MaxLen(128) operIp!: string;
  @Text() @MaxLen(2000) operParam!: string;
  @Text() @MaxLen(2000) jsonResult!: string;
  @IsIn([0, 1]) status!: 0 | 1;
  @Text() @MaxLen(2000) errorMsg!: string;
  @IsInt() costTime!: number;
}

export class LoginLogQuery extends TimeRange {
  @OptionalOneOf(SORT_FIELDS.loginLog)
  orderByColumn?: (typeof SORT_FIELDS.loginLog)[number];

  @OptionalText(64)
  userName?: string;

  @OptionalText(128)
  ipaddr?: string;

  @OptionalOneOf(['0', '1'])
  status?: '0' | '1';

  @OptionalInt(0)
  afterId?: number;
}

export class UserNameBody {
  @RequiredText(64)
  userName!: string;
}

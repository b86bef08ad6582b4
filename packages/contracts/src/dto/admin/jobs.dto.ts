import { Transform } from 'class-transformer';
import { Matches } from 'class-validator';

import {
  CONCURRENT_VALUES,
  MISFIRE_POLICY_VALUES,
  SORT_FIELDS,
  STATUS_VALUES,
} from '../../identity/admin';
import { MaxLen, OneOf, Optional, Required, Text } from '../decorators';
import {
  blankToUndefined,
  Id,
  OptionalInt,
  OptionalOneOf,
  OptionalText,
  RequiredText,
} from './fields';
import { PageQueryBody, TimeRange } from './paging.dto';

// Scheduled jobs and their log.

export class JobQuery extends PageQueryBody {
  @OptionalOneOf(SORT_FIELDS.job)
  orderByColumn?: (typeof SORT_FIELDS.job)[number];

  @OptionalText(64)
  jobName?: string;

  @OptionalText(64)
  jobGroup?: string;

  @OptionalOneOf(STATUS_VALUES)
  status?: '0' | '1';
}

export class JobBody {
  @OptionalInt(1)
  jobId?: number;

  @RequiredText(64)
  jobName!: string;

  @RequiredText(64)
  jobGroup!: string;

  @Transform(blankToUndefined)
  @Required()
  @Matches(/^[a-zA-Z][\w.]{0,99}$/, { message: 'job.unknown_handler' })
  handler!: string;

  @Optional()
  @Text()
  @MaxLen(500)
  params?: string;

  @RequiredText(255)
  cronExpression!: string;

  @OptionalOneOf(MISFIRE_POLICY_VALUES)
  misfirePolicy?: '1' | '2' | '3';

  @OptionalOneOf(CONCURRENT_VALUES)
  concurrent?: '0' | '1';

  @OptionalOneOf(STATUS_VALUES)
  status?: '0' | '1';

  @OptionalText(500)
  remark?: string;
}

export class JobStatusBody {
  @Id()
  jobId!: number;

  @Required()
  @OneOf(STATUS_VALUES)
  status!: '0' | '1';
}

export class JobIdBody {
  @Id()
  jobId!: number;
}

export class JobLogQuery extends TimeRange {
  @OptionalOneOf(SORT_FIELDS.jobLog)
  orderByColumn?: (typeof SORT_FIELDS.jobLog)[number];

  @OptionalInt(1)
  jobId?: number;

  @OptionalText(64)
  jobName?: string;

  @OptionalText(64)
  jobGroup?: string;

  @OptionalOneOf(['0', '1', '2'])
  status?: '0' | '1' | '2';
}

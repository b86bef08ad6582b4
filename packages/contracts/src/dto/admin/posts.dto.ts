import { Transform } from 'class-transformer';
import { IsInt, Min } from 'class-validator';

import { SORT_FIELDS, STATUS_VALUES } from '../../identity/admin';
import { Required } from '../decorators';
import {
  INVALID,
  OptionalInt,
  OptionalOneOf,
  OptionalText,
  RequiredText,
  toNumber,
} from './fields';
import { PageQueryBody } from './paging.dto';

// Posts.

export class PostQuery extends PageQueryBody {
  @OptionalOneOf(SORT_FIELDS.post)
  orderByColumn?: (typeof SORT_FIELDS.post)[number];

  @OptionalText(64)
  postCode?: string;

  @OptionalText(50)
  postName?: string;

  @OptionalOneOf(STATUS_VALUES)
  status?: '0' | '1';
}

export class PostBody {
  @OptionalInt(1)
  postId?: number;

  @RequiredText(64)
  postCode!: string;

  @RequiredText(50)
  postName!: string;

  @OptionalText(100)
  postNameEn?: string;

  @Transform(toNumber)
  @Required()
  @IsInt(INVALID)
  @Min(0, INVALID)
  postSort!: number;

  @OptionalOneOf(STATUS_VALUES)
  status?: '0' | '1';

  @OptionalText(500)
  remark?: string;
}

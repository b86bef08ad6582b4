import { Transform } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';

import { MAX_PAGE_SIZE } from '../../common/envelope';
import { INVALID, OptionalDate, OptionalInt, OptionalOneOf, toNumber } from './fields';

/** pageNum / pageSize / sort direction of every list. `orderByColumn` is allow-listed per list. */
export class PageQueryBody {
  @OptionalInt(1, 1_000_000)
  pageNum?: number;

  @OptionalInt(1, MAX_PAGE_SIZE)
  pageSize?: number;

  @OptionalOneOf(['asc', 'desc', 'ascending', 'descending'])
  isAsc?: 'asc' | 'desc' | 'ascending' | 'descending';
}

/** A list filtered by creation time. */
export class TimeRange extends PageQueryBody {
  @OptionalDate()
  beginTime?: string;

  @OptionalDate()
  endTime?: string;
}

export class OptionalIdBody {
  @OptionalInt(0)
  id?: number;
}

export class IntValueBody {
  @Transform(toNumber)
  @IsInt(INVALID)
  @Min(0, INVALID)
  @Max(1000, INVALID)
  value!: number;
}

import { Transform } from 'class-transformer';
import { Matches } from 'class-validator';

import { Optional, Required } from '../decorators';
import { blankToUndefined, INVALID, RequiredText } from './fields';

// The cache monitor.

export class CacheNameBody {
  @Transform(blankToUndefined)
  @Required()
  @Matches(/^[A-Za-z0-9_-]{1,64}$/, INVALID)
  cacheName!: string;
}

export class CacheKeyBody {
  @Optional()
  @Transform(blankToUndefined)
  @Matches(/^[A-Za-z0-9_-]{1,64}$/, INVALID)
  cacheName?: string;

  @RequiredText(512)
  cacheKey!: string;
}

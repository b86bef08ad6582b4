import { Module } from '@nestjs/common';

import { CountCache } from './count-cache.service';
import { Operators } from './operators.service';

/** Helpers every console feature shares: the cached row counts and who is operating. */
@Module({
  providers: [CountCache, Operators],
  exports: [CountCache, Operators],
})
export class CommonModule {}

import { Module } from '@nestjs/common';

import { EngineConnection } from './engine-connection';

/** The process engine: embedded, or the one at ENGINE_URL. */
@Module({
  providers: [EngineConnection],
  exports: [EngineConnection],
})
export class EngineModule {}

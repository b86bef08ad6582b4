import { Module } from '@nestjs/common';

import { EventRelayService } from './event-relay.service';

/** Relays the event outbox's rows to the other services. */
@Module({
  providers: [EventRelayService],
})
export class EventsModule {}

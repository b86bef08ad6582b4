import { FastifyAdapter } from '@nestjs/platform-fastify';

/**
 * Nest's Fastify adapter registers @fastify/middie at init so Express-style middleware can run; the
 * gateway has none (its cross-cutting work is in guards, filters and Fastify hooks), and middie's
 * per-request hook cost ~7% of CPU on the hottest route. Middie is still registered on demand if a
 * module ever declares middleware (`createMiddlewareFactory` does that).
 */
export class LeanFastifyAdapter extends FastifyAdapter {
  override async init(): Promise<void> {
    // Intentionally empty: see the class comment.
  }
}

import { Injectable, Logger } from '@nestjs/common';
import { ADMIN_PATTERNS as A, MAINTENANCE_CONFIG_KEY, type SessionUser } from '@platform/contracts';
import type { FastifyRequest } from 'fastify';

import { ServiceClient } from '../rpc/service-client';

/** How long the gateway trusts what it last read of the parameter: a switch takes effect within this. */
export const MAINTENANCE_CACHE_MS = 5_000;

/**
 * The maintenance switch (parameter sys.maintenance.enabled): read from identity's cached parameters,
 * at most once per MAINTENANCE_CACHE_MS, so the gate costs one call every few seconds, not one per request.
 */
@Injectable()
export class MaintenanceSwitch {
  private readonly logger = new Logger(MaintenanceSwitch.name);
  private known: { enabled: boolean; until: number } | undefined;
  private pending: Promise<boolean> | undefined;

  constructor(private readonly services: ServiceClient) {}

  async enabled(request: FastifyRequest): Promise<boolean> {
    if (this.known && this.known.until > Date.now()) return this.known.enabled;
    this.pending ??= this.read(request).finally(() => (this.pending = undefined));
    return this.pending;
  }

  /** Administrators keep working during maintenance (issue 30). */
  static exempts(session: SessionUser): boolean {
    return session.admin || session.roles.includes('admin');
  }

  private async read(request: FastifyRequest): Promise<boolean> {
    try {
      const value = await this.services.forward<string | null>(A.configByKey, request, {
        configKey: MAINTENANCE_CONFIG_KEY,
      });
      const enabled =
        String(value ?? '')
          .trim()
          .toLowerCase() === 'true';
      this.known = { enabled, until: Date.now() + MAINTENANCE_CACHE_MS };
      return enabled;
    } catch (error) {
      // Identity cannot answer: the call itself will fail on the same outage; do not add a second refusal.
      this.logger.warn(`maintenance switch unreadable: ${String(error)}`);
      return this.known?.enabled ?? false;
    }
  }
}

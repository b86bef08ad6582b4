import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import {
  DASHBOARD_CACHE_MS,
  DASHBOARD_DAYS,
  DASHBOARD_PATTERNS,
  dashboardDays,
  type PointsFigures,
} from '@platform/contracts';
import { BriefCache } from '@platform/nest-common';
import type { DataSource } from 'typeorm';

import { InjectBillingDb } from '../database/inject';

/**
 * The dashboard's points and order figures (issue 30). An entry changes what its user holds by
 * points + frozen: a mission's freeze and release only move points between balance and frozen (0),
 * its settlement spends them, a recharge or a reward issues them.
 */
@Controller()
export class PointsDashboardController {
  private readonly cache = new BriefCache<PointsFigures>(DASHBOARD_CACHE_MS);

  constructor(@InjectBillingDb() private readonly db: DataSource) {}

  @MessagePattern(DASHBOARD_PATTERNS.points)
  points(): Promise<PointsFigures> {
    return this.cache.get('points', async () => {
      const [points, orders] = await Promise.all([this.pointsPerDay(), this.ordersByStatus()]);
      return { points, orders };
    });
  }

  private async pointsPerDay(): Promise<PointsFigures['points']> {
    const [first] = dashboardDays(DASHBOARD_DAYS);
    // A range on idx_points_entry_created.
    const rows = await this.db.query<{ day: string; issued: string; spent: string }[]>(
      `SELECT DATE_FORMAT(created_at, '%Y-%m-%d') AS day,
              COALESCE(SUM(CASE WHEN points + frozen > 0 THEN points + frozen ELSE 0 END), 0) AS issued,
              COALESCE(SUM(CASE WHEN points + frozen < 0 THEN -(points + frozen) ELSE 0 END), 0) AS spent
         FROM points_entry WHERE created_at >= ? GROUP BY day ORDER BY day`,
      [`${first} 00:00:00`],
    );
    return rows.map((row) => ({
      day: row.day,
      issued: Number(row.issued),
      spent: Number(row.spent),
    }));
  }

  private async ordersByStatus(): Promise<PointsFigures['orders']> {
    // idx_recharge_order_expiry (status, expire_time) serves the grouping.
    const rows = await this.db.query<{ status: string; n: string }[]>(
      `SELECT status, COUNT(*) AS n FROM recharge_order GROUP BY status`,
    );
    return rows.map((row) => ({ status: row.status, count: Number(row.n) }));
  }
}

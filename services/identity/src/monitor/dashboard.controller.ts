import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  DASHBOARD_ACTIVE_DAYS,
  DASHBOARD_CACHE_MS,
  DASHBOARD_DAYS,
  DASHBOARD_PATTERNS,
  dashboardDays,
  type UserFigures,
} from '@platform/contracts';
import { BriefCache } from '@platform/nest-common';
import type { DataSource } from 'typeorm';

/** The dashboard's user figures (issue 30): identity owns sys_user, so it counts them. */
@Controller()
export class DashboardController {
  private readonly cache = new BriefCache<UserFigures>(DASHBOARD_CACHE_MS);

  constructor(@InjectDataSource() private readonly db: DataSource) {}

  @MessagePattern(DASHBOARD_PATTERNS.users)
  users(): Promise<UserFigures> {
    return this.cache.get('users', () => this.countUsers());
  }

  private async countUsers(): Promise<UserFigures> {
    const [first] = dashboardDays(DASHBOARD_DAYS);
    const activeSince = new Date(Date.now() - DASHBOARD_ACTIVE_DAYS * 86_400_000);
    // Each a range or a lookup on its own index: idx_user_create_time, idx_user_login_date, idx_user_live.
    const [signUps, [active], [total]] = await Promise.all([
      this.db.query<{ day: string; n: string }[]>(
        `SELECT DATE_FORMAT(create_time, '%Y-%m-%d') AS day, COUNT(*) AS n FROM sys_user
          WHERE create_time >= ? GROUP BY day ORDER BY day`,
        [`${first} 00:00:00`],
      ),
      this.db.query<{ n: string }[]>(`SELECT COUNT(*) AS n FROM sys_user WHERE login_date >= ?`, [
        activeSince,
      ]),
      this.db.query<{ n: string }[]>(`SELECT COUNT(*) AS n FROM sys_user WHERE del_flag = '0'`),
    ]);
    return {
      signUps: signUps.map((row) => ({ day: row.day, count: Number(row.n) })),
      activeUsers: Number(active?.n ?? 0),
      totalUsers: Number(total?.n ?? 0),
    };
  }
}

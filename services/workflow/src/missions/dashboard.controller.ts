import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  DASHBOARD_CACHE_MS,
  DASHBOARD_DAYS,
  DASHBOARD_PATTERNS,
  dashboardDays,
  type MissionFigures,
  type StatusCount,
} from '@platform/contracts';
import type { Caller } from '@platform/contracts/dto';
import { BriefCache } from '@platform/nest-common';
import type { DataSource } from 'typeorm';

import { InjectWorkflowDb } from '../database/inject';
import { EngineConnection } from '../engine/engine-connection';
import { missionCallerOf } from './mission-access';

/** The engine is asked briefly: a dashboard must not wait on an engine that hangs. */
const INCIDENTS_TIMEOUT_MS = 2000;

/** The dashboard's mission figures (issue 30): the workflow service owns missions and talks to the engine. */
@Controller()
export class MissionDashboardController {
  private readonly platform = new BriefCache<MissionFigures>(DASHBOARD_CACHE_MS);
  private readonly mine = new BriefCache<StatusCount[]>(DASHBOARD_CACHE_MS);

  constructor(
    @InjectWorkflowDb() private readonly db: DataSource,
    private readonly engine: EngineConnection,
  ) {}

  @MessagePattern(DASHBOARD_PATTERNS.missions)
  missions(): Promise<MissionFigures> {
    return this.platform.get('platform', async () => {
      const [missions, incidents] = await Promise.all([this.missionsPerDay(), this.incidents()]);
      return { missions, incidents };
    });
  }

  @MessagePattern(DASHBOARD_PATTERNS.myMissions)
  myMissions(@Payload() command: { caller?: Caller }): Promise<StatusCount[]> {
    const { userId } = missionCallerOf(command);
    return this.mine.get(String(userId), async () => {
      // idx_mission_owner (owner_user_id, id): the caller's rows only.
      const rows = await this.db.query<{ status: string; n: string }[]>(
        `SELECT status, COUNT(*) AS n FROM wf_mission WHERE owner_user_id = ? GROUP BY status`,
        [userId],
      );
      return rows.map((row) => ({ status: row.status, count: Number(row.n) }));
    });
  }

  private async missionsPerDay(): Promise<MissionFigures['missions']> {
    const [first] = dashboardDays(DASHBOARD_DAYS);
    // A range on idx_mission_create_time; the workflow's name comes from the same database.
    const rows = await this.db.query<
      { day: string; workflow_id: string; name: string | null; status: string; n: string }[]
    >(
      `SELECT DATE_FORMAT(m.create_time, '%Y-%m-%d') AS day, m.workflow_id, w.name, m.status, COUNT(*) AS n
         FROM wf_mission m LEFT JOIN wf_workflow w ON w.id = m.workflow_id
        WHERE m.create_time >= ?
        GROUP BY day, m.workflow_id, w.name, m.status ORDER BY day`,
      [`${first} 00:00:00`],
    );
    return rows.map((row) => ({
      day: row.day,
      workflowId: Number(row.workflow_id),
      workflowName: row.name ?? `#${row.workflow_id}`,
      status: row.status,
      count: Number(row.n),
    }));
  }

  /** Open incidents in the process engine (nodes out of retries); null when it does not answer in time. */
  private async incidents(): Promise<number | null> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), INCIDENTS_TIMEOUT_MS);
    });
    const answer = Promise.resolve()
      .then(() => this.engine.client.incidents())
      .then((incidents) => incidents.length)
      .catch(() => null);
    return Promise.race([answer, late]).finally(() => clearTimeout(timer));
  }
}

import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { databaseName, registerGaugeSource } from '@platform/nest-common';
import type { DataSource } from 'typeorm';

import { InjectWorkflowDb } from '../database/inject';

const MISSIONS_GAUGE = {
  name: 'platform_missions',
  help: 'Missions by status (one grouped count over the status index at each scrape).',
  labelNames: ['status'],
};

/** The missions-by-status figure of the workflow service's metrics (GET /metrics on METRICS_PORT). */
@Injectable()
export class MissionMetrics implements OnApplicationBootstrap {
  constructor(@InjectWorkflowDb() private readonly db: DataSource) {}

  onApplicationBootstrap(): void {
    registerGaugeSource(MISSIONS_GAUGE, databaseName(this.db), async () => {
      const rows: { status: string; n: number | string }[] = await this.db.query(
        'SELECT status, COUNT(*) AS n FROM wf_mission GROUP BY status',
      );
      return rows.map((row) => ({ labels: { status: row.status }, value: Number(row.n) }));
    });
  }
}

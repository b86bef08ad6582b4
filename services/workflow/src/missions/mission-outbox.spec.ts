import { randomBytes } from 'node:crypto';

import { dropDatabase, ensureDatabase, runMigrationsLocked } from '@platform/nest-common';
import type { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { workflowDataSource } from '../database/data-source';
import { Mission } from './mission.entity';
import { moveMission } from './mission-state';

// A mission's moves announce what its owner hears about (completed, error, user input, stopped) in
// the outbox, in the move's own transaction, once per move; other moves announce nothing.

const url = `mysql://${process.env.TEST_MYSQL_USER ?? 'root'}:${process.env.TEST_MYSQL_PASSWORD ?? ''}@${
  process.env.TEST_MYSQL_HOST ?? '127.0.0.1'
}:${process.env.TEST_MYSQL_PORT ?? '3306'}/t_wf_outbox_${randomBytes(4).toString('hex')}`;

describe('mission moves in the outbox', () => {
  let db: DataSource;

  beforeAll(async () => {
    await ensureDatabase(url);
    db = await workflowDataSource(url).initialize();
    await runMigrationsLocked(db);
  });
  afterAll(async () => {
    await db?.destroy();
    await dropDatabase(url);
  });

  const events = async () =>
    (
      (await db.query('SELECT event_type, payload FROM event_outbox ORDER BY id')) as {
        event_type: string;
        payload: string | Record<string, unknown>;
      }[]
    ).map((r) => ({
      type: r.event_type,
      payload: typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload,
    }));

  it('should write the owner-facing moves once each, and nothing for a refused or silent move', async () => {
    await db.query(
      `INSERT INTO wf_mission (code, name, workflow_id, workflow_version_id, workflow_version,
         process_definition_id, owner_user_id, status, inputs)
       VALUES ('M-OUTBOX', '人源化', 1, 1, 1, 'p:1', 42, 'not_started', '{}')`,
    );
    let mission = (await db.getRepository(Mission).findOneByOrFail({ code: 'M-OUTBOX' }))!;
    mission = await moveMission(db, mission, 'nodeStarted', { currentRunId: 'run-1' });
    expect(await events()).toEqual([]);
    mission = await moveMission(db, mission, 'askUser');
    mission = await moveMission(db, mission, 'reply');
    mission = await moveMission(db, mission, 'complete');
    await expect(moveMission(db, mission, 'complete')).rejects.toThrow();
    expect(await events()).toEqual([
      {
        type: 'workflow.mission.status_changed',
        payload: { userId: 42, missionCode: 'M-OUTBOX', status: 'user_input', name: '人源化' },
      },
      {
        type: 'workflow.mission.status_changed',
        payload: { userId: 42, missionCode: 'M-OUTBOX', status: 'completed', name: '人源化' },
      },
    ]);
  });
});

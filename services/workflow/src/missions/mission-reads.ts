import { Injectable } from '@nestjs/common';
import { DomainError, MISSION_LOG_STATUS } from '@platform/contracts';
import type { MissionRefBody } from '@platform/contracts/dto';
import { groupedBatches } from '@platform/nest-common';
import { type DataSource, In } from 'typeorm';

import { InjectWorkflowDb } from '../database/inject';
import { Mission, MissionLog } from './mission.entity';

interface RunKey {
  missionId: number;
  runId: string;
}

/**
 * The reads every node report of a mission makes, grouped (groupedBatches): a node's begin and end
 * and the run's completion each read the mission, and a node's begin reads what the run's earlier
 * nodes produced. Flat out, many missions' reports arrive together, and one statement answers the
 * reports that arrived while the previous one was read. Each answer is read after its report
 * arrived, as fresh as a read of its own, and is the caller's own object.
 */
@Injectable()
export class MissionReads {
  private readonly missionsByCode = groupedBatches<string, Mission | null>((codes) =>
    this.readMissions(codes),
  );
  private readonly successesByRun = groupedBatches<RunKey, MissionLog[]>((runs) =>
    this.readSuccesses(runs),
  );

  constructor(@InjectWorkflowDb() private readonly db: DataSource) {}

  /** The mission a report names, by code or else by process instance. */
  async named(body: MissionRefBody): Promise<Mission> {
    let mission: Mission | null = null;
    if (body.missionCode) mission = await this.missionsByCode.load(body.missionCode);
    else if (body.processInstanceId) {
      mission = await this.db
        .getRepository(Mission)
        .findOneBy({ processInstanceId: body.processInstanceId });
    } else throw new DomainError('mission.key_required');
    if (!mission) throw new DomainError('mission.not_found', {}, 404);
    return mission;
  }

  /** The successful node runs of a run of the mission, in the order they were logged. */
  successes(missionId: number, runId: string): Promise<MissionLog[]> {
    return this.successesByRun.load({ missionId: Number(missionId), runId });
  }

  private async readMissions(codes: readonly string[]): Promise<(Mission | null)[]> {
    const rows = await this.db.getRepository(Mission).findBy({ code: In([...new Set(codes)]) });
    const byCode = new Map(rows.map((row) => [row.code, row]));
    return codes.map((code) => {
      const row = byCode.get(code);
      // Callers change the mission they hold (a move assigns what it wrote): one copy each.
      return row ? Object.assign(new Mission(), row) : null;
    });
  }

  private async readSuccesses(runs: readonly RunKey[]): Promise<MissionLog[][]> {
    const rows = await this.db.getRepository(MissionLog).find({
      where: runs.map(({ missionId, runId }) => ({
        missionId,
        runId,
        status: MISSION_LOG_STATUS.success,
      })),
      order: { id: 'ASC' },
    });
    const byRun = new Map<string, MissionLog[]>();
    for (const row of rows) {
      const key = runKey({ missionId: row.missionId, runId: row.runId });
      const rows = byRun.get(key);
      if (rows) rows.push(row);
      else byRun.set(key, [row]);
    }
    return runs.map((run) => [...(byRun.get(runKey(run)) ?? [])]);
  }
}

function runKey(run: RunKey): string {
  return `${Number(run.missionId)}\0${run.runId}`;
}

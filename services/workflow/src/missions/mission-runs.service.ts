import { Injectable } from '@nestjs/common';
import {
  DomainError,
  MISSION_LOG_STATUS,
  type MissionLogView,
  missionMove,
  type MissionStartedView,
} from '@platform/contracts';
import type {
  MissionCompletedBody,
  MissionFailedBody,
  MissionNodeBody,
  MissionNodeEndedBody,
  MissionRefBody,
} from '@platform/contracts/dto';
import type { DataSource } from 'typeorm';

import { InjectWorkflowDb } from '../database/inject';
import { Mission, MissionLog } from './mission.entity';
import { MissionMoves, MissionPushes } from './mission-events';
import { missionLogView, missionState } from './missions.mapper';

/**
 * What the agent worker and the engine report about a mission's runs. Delivery is at least once, so
 * every report is idempotent: a node run is one mission-log row per (run, node, attempt), written
 * with INSERT … ON DUPLICATE KEY UPDATE, and the end of a run found again changes nothing.
 */
@Injectable()
export class MissionRunsService {
  constructor(
    @InjectWorkflowDb() private readonly db: DataSource,
    private readonly moves: MissionMoves,
    private readonly pushes: MissionPushes,
  ) {}

  /** A node run started: its log row (running) and the mission in progress. */
  async nodeStarted(body: MissionNodeBody): Promise<MissionLogView> {
    const mission = await this.current(body);
    const key = logKey(body);
    const move = missionMove('nodeStarted', mission.status);
    if (!move.ok) return this.repeatedOr(key, move.refusal);
    await this.db.query(
      `INSERT INTO wf_mission_log (mission_id, mission_code, run_id, node_id, attempt, node_name,
         node_name_en, agent, status, inputs, started_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON DUPLICATE KEY UPDATE
         node_name = IF(node_name = '', VALUES(node_name), node_name),
         node_name_en = IF(node_name_en = '', VALUES(node_name_en), node_name_en),
         agent = IF(agent = '', VALUES(agent), agent),
         inputs = COALESCE(inputs, VALUES(inputs))`,
      [
        mission.id,
        mission.code,
        key.runId,
        key.nodeId,
        key.attempt,
        body.nodeName ?? '',
        body.nodeNameEn ?? '',
        body.agent ?? '',
        MISSION_LOG_STATUS.running,
        json(body.inputs),
        dateOf(body.startedAt),
      ],
    );
    const moved = await this.moves.move(
      mission,
      'nodeStarted',
      mission.startedAt ? {} : { startedAt: new Date() },
      { push: 'never' },
    );
    const row = await this.logRow(key);
    await this.pushes.node(moved, 'nodeStarted', row);
    return row;
  }

  /**
   * A node run ended (success or failure). The first end reported wins: a repeated one leaves the
   * row as it is. An end that arrives before its start writes the whole row.
   */
  async nodeEnded(body: MissionNodeEndedBody): Promise<MissionLogView> {
    const mission = await this.current(body);
    const key = logKey(body);
    const move = missionMove('nodeEnded', mission.status);
    if (!move.ok) return this.repeatedOr(key, move.refusal, true);
    const endedAt = dateOf(body.endedAt);
    // ended_at last: MySQL applies the assignments in order, and the others test the old value.
    await this.db.query(
      `INSERT INTO wf_mission_log (mission_id, mission_code, run_id, node_id, attempt, node_name,
         node_name_en, agent, status, inputs, outputs, error, started_at, ended_at,
         prompt_tokens, completion_tokens, tokens_estimated)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON DUPLICATE KEY UPDATE
         node_name = IF(node_name = '', VALUES(node_name), node_name),
         node_name_en = IF(node_name_en = '', VALUES(node_name_en), node_name_en),
         agent = IF(agent = '', VALUES(agent), agent),
         inputs = COALESCE(inputs, VALUES(inputs)),
         status = IF(ended_at IS NULL, VALUES(status), status),
         outputs = IF(ended_at IS NULL, VALUES(outputs), outputs),
         error = IF(ended_at IS NULL, VALUES(error), error),
         prompt_tokens = IF(ended_at IS NULL, VALUES(prompt_tokens), prompt_tokens),
         completion_tokens = IF(ended_at IS NULL, VALUES(completion_tokens), completion_tokens),
         tokens_estimated = IF(ended_at IS NULL, VALUES(tokens_estimated), tokens_estimated),
         ended_at = COALESCE(ended_at, VALUES(ended_at))`,
      [
        mission.id,
        mission.code,
        key.runId,
        key.nodeId,
        key.attempt,
        body.nodeName ?? '',
        body.nodeNameEn ?? '',
        body.agent ?? '',
        body.status,
        json(body.inputs),
        json(body.outputs),
        body.error ?? null,
        dateOf(body.startedAt ?? body.endedAt),
        endedAt,
        body.promptTokens ?? 0,
        body.completionTokens ?? 0,
        body.tokensEstimated ?? false,
      ],
    );
    const moved = await this.moves.move(
      mission,
      'nodeEnded',
      mission.startedAt ? {} : { startedAt: endedAt },
      { push: 'never' },
    );
    const row = await this.logRow(key);
    await this.pushes.node(moved, 'nodeEnded', row);
    return row;
  }

  /** The run's process instance ended: completed, with the given result or the last node's outputs. */
  async completed(body: MissionCompletedBody): Promise<MissionStartedView> {
    const mission = await this.current(body);
    const result = body.result !== undefined ? body.result : await this.lastOutputs(mission);
    const done = await this.moves.move(
      mission,
      'complete',
      { result: result ?? null, error: null, endedAt: new Date() },
      { idempotent: true },
    );
    return missionState(done);
  }

  /** The run failed for good (an incident after the retries): error interrupted, with the reason. */
  async failed(body: MissionFailedBody): Promise<MissionStartedView> {
    const mission = await this.current(body);
    const reason = body.nodeId ? `${body.nodeId}: ${body.error}` : body.error;
    const done = await this.moves.move(
      mission,
      'fail',
      { error: reason.slice(0, 4000) },
      { idempotent: true, detail: { error: reason.slice(0, 4000) } },
    );
    return missionState(done);
  }

  /** The mission a report names (by code, else by process instance), and only for its current run. */
  async current(body: MissionRefBody & { runId?: string }): Promise<Mission> {
    const repo = this.db.getRepository(Mission);
    let mission: Mission | null = null;
    if (body.missionCode) mission = await repo.findOneBy({ code: body.missionCode });
    else if (body.processInstanceId) {
      mission = await repo.findOneBy({ processInstanceId: body.processInstanceId });
    } else throw new DomainError('mission.key_required');
    if (!mission) throw new DomainError('mission.not_found', {}, 404);
    if (body.runId && body.runId !== mission.currentRunId) {
      throw new DomainError('mission.run_mismatch', { runId: body.runId });
    }
    return mission;
  }

  /**
   * A report the mission's status refuses: still answered when it repeats one already recorded
   * (for an end: when the row has ended), so a redelivery after the mission moved on is harmless.
   */
  private async repeatedOr(
    key: LogKey,
    refusal: 'mission.status_locked' | 'mission.status_mismatch',
    ended = false,
  ): Promise<MissionLogView> {
    const row = await this.db.getRepository(MissionLog).findOneBy(key);
    if (row && (!ended || row.endedAt)) return missionLogView(row);
    throw new DomainError(refusal);
  }

  private async logRow(key: LogKey): Promise<MissionLogView> {
    return missionLogView(await this.db.getRepository(MissionLog).findOneByOrFail(key));
  }

  private async lastOutputs(mission: Mission): Promise<unknown> {
    if (!mission.currentRunId) return null;
    const row = await this.db.getRepository(MissionLog).findOne({
      where: { runId: mission.currentRunId, status: MISSION_LOG_STATUS.success },
      order: { endedAt: 'DESC', id: 'DESC' },
    });
    return row?.outputs ?? null;
  }
}

interface LogKey {
  runId: string;
  nodeId: string;
  attempt: number;
}

function logKey(body: MissionNodeBody): LogKey {
  return { runId: body.runId, nodeId: body.nodeId, attempt: body.attempt ?? 1 };
}

function json(value: unknown): string | null {
  return value === undefined ? null : JSON.stringify(value);
}

function dateOf(text: string | undefined): Date {
  const date = text ? new Date(text) : new Date();
  return Number.isNaN(date.getTime()) ? new Date() : date;
}

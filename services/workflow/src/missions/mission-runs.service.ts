import { Injectable } from '@nestjs/common';
import {
  DomainError,
  MISSION_LOG_STATUS,
  type MissionLogView,
  missionMove,
  type MissionStartedView,
  type MissionStatus,
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
import { MissionReads } from './mission-reads';
import { missionLogView, missionState } from './missions.mapper';
import { NodeLogWriter } from './node-log-writer';

/**
 * What the agent worker and the engine report about a mission's runs. Delivery is at least once, so
 * every report is idempotent: a node run is one mission-log row per (run, node, attempt), written
 * with INSERT … ON DUPLICATE KEY UPDATE (group-committed with the other reports of the moment:
 * NodeLogWriter), and the end of a run found again changes nothing.
 */
@Injectable()
export class MissionRunsService {
  constructor(
    @InjectWorkflowDb() private readonly db: DataSource,
    private readonly moves: MissionMoves,
    private readonly pushes: MissionPushes,
    private readonly logs: NodeLogWriter,
    private readonly reads: MissionReads,
  ) {}

  /** A node run started: its log row (running) and the mission in progress. */
  async nodeStarted(body: MissionNodeBody): Promise<MissionLogView> {
    return this.nodeStartedOf(await this.current(body), body);
  }

  /** nodeStarted for a mission already read by the caller (the worker's node-begin call). */
  async nodeStartedOf(mission: Mission, body: MissionNodeBody): Promise<MissionLogView> {
    runOf(mission, body);
    const key = logKey(body);
    const move = missionMove('nodeStarted', mission.status);
    if (!move.ok) return this.repeatedOr(key, move.refusal);
    const read = mission.status;
    const { row, missionStatus } = await this.logs.write({
      ...this.logReport(mission, body, key),
      status: MISSION_LOG_STATUS.running,
      outputs: null,
      error: null,
      startedAt: dateOf(body.startedAt),
      endedAt: null,
      promptTokens: 0,
      completionTokens: 0,
      tokensEstimated: false,
    });
    const moved = await this.moves.move(
      mission,
      'nodeStarted',
      mission.startedAt ? {} : { startedAt: new Date() },
      { push: 'never' },
    );
    await this.pushes.node(asAfterWrite(moved, read, missionStatus), 'nodeStarted', row);
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
    const read = mission.status;
    const { row, missionStatus } = await this.logs.write({
      ...this.logReport(mission, body, key),
      status: body.status,
      outputs: json(body.outputs),
      error: body.error ?? null,
      startedAt: dateOf(body.startedAt ?? body.endedAt),
      endedAt,
      promptTokens: body.promptTokens ?? 0,
      completionTokens: body.completionTokens ?? 0,
      tokensEstimated: body.tokensEstimated ?? false,
    });
    const moved = await this.moves.move(
      mission,
      'nodeEnded',
      mission.startedAt ? {} : { startedAt: endedAt },
      { push: 'never' },
    );
    await this.pushes.node(asAfterWrite(moved, read, missionStatus), 'nodeEnded', row);
    return row;
  }

  /** What a start and an end report alike: the row's key, mission, names and inputs. */
  private logReport(mission: Mission, body: MissionNodeBody, key: LogKey) {
    return {
      missionId: Number(mission.id),
      missionCode: mission.code,
      ...key,
      nodeName: body.nodeName ?? '',
      nodeNameEn: body.nodeNameEn ?? '',
      agent: body.agent ?? '',
      inputs: json(body.inputs),
    };
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
    const mission = await this.reads.named(body);
    runOf(mission, body);
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

/** A report names the mission's current run, or none. */
function runOf(mission: Mission, body: { runId?: string }): void {
  if (body.runId && body.runId !== mission.currentRunId) {
    throw new DomainError('mission.run_mismatch', { runId: body.runId });
  }
}

function json(value: unknown): string | null {
  return value === undefined ? null : JSON.stringify(value);
}

function dateOf(text: string | undefined): Date {
  const date = text ? new Date(text) : new Date();
  return Number.isNaN(date.getTime()) ? new Date() : date;
}

/**
 * The mission a node report's push describes. A move that changed nothing answers the mission as
 * read before the log write, which waits for its batch; the status the write read back is then the
 * newer one (a stop or an end that came in meanwhile), so the push does not say the mission runs
 * after it was stopped. A move that changed the status is newer still, and stands.
 */
function asAfterWrite(moved: Mission, read: MissionStatus, afterWrite: MissionStatus): Mission {
  return moved.status === read && afterWrite !== read ? { ...moved, status: afterWrite } : moved;
}

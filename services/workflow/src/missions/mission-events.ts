import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import {
  AGENT_STATUS_TYPE,
  type AgentStatusPush,
  MISSION_STATUS,
  type MissionEvent,
  type MissionLogView,
  type MissionStatus,
} from '@platform/contracts';
import { createRedis, publishToUser } from '@platform/nest-common';
import type Redis from 'ioredis';
import type { DataSource } from 'typeorm';

import { MissionCharges } from '../billing/mission-charges.service';
import { WORKFLOW_ENV, type WorkflowEnv } from '../config/env';
import { InjectWorkflowDb } from '../database/inject';
import type { Mission } from './mission.entity';
import { type MissionChanges, moveMission } from './mission-state';

/** What a push says beyond the mission's status (the node, the question, the error). */
export type PushDetail = Partial<
  Pick<
    AgentStatusPush,
    | 'nodeId'
    | 'nodeName'
    | 'nodeNameEn'
    | 'nodeStatus'
    | 'attempt'
    | 'question'
    | 'questionEn'
    | 'error'
  >
>;

/**
 * Live status of missions for their owners: every node run's start and end and every change of a
 * mission's status is published (Redis pub/sub, publishToUser) as an AgentStatusPush, and each
 * gateway instance hands it to the owner's sockets. Published after the change is stored, and best
 * effort: the status lives in the tables, the push only announces it (a reader that missed one
 * reads the mission again).
 */
@Injectable()
export class MissionPushes implements OnApplicationShutdown {
  private readonly logger = new Logger(MissionPushes.name);
  private redis: Redis | null = null;

  constructor(@Inject(WORKFLOW_ENV) private readonly env: WorkflowEnv) {}

  /** A node run started or ended (its log row as stored). */
  node(mission: Mission, event: 'nodeStarted' | 'nodeEnded', row: MissionLogView): Promise<void> {
    return this.publish(mission, event, {
      key: `node:${row.runId}:${row.nodeId}:${row.attempt}:${row.status}`,
      at: (event === 'nodeEnded' && row.endedAt) || row.startedAt,
      nodeId: row.nodeId,
      nodeName: row.nodeName,
      nodeNameEn: row.nodeNameEn,
      nodeStatus: row.status,
      attempt: row.attempt,
      ...(row.error ? { error: row.error } : {}),
    });
  }

  /** The mission's status changed by `event`. */
  status(mission: Mission, event: MissionEvent, detail: PushDetail = {}): Promise<void> {
    const at = new Date().toISOString();
    return this.publish(mission, event, {
      key: `mission:${mission.currentRunId ?? ''}:${event}:${mission.status}:${at}`,
      at,
      ...detail,
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.redis?.quit().catch(() => undefined);
    this.redis = null;
  }

  private async publish(
    mission: Mission,
    event: MissionEvent,
    fields: Pick<AgentStatusPush, 'key' | 'at'> & PushDetail,
  ): Promise<void> {
    const push: AgentStatusPush = {
      type: AGENT_STATUS_TYPE,
      event,
      missionId: Number(mission.id),
      code: mission.code,
      status: mission.status,
      runId: mission.currentRunId,
      ...fields,
    };
    try {
      this.redis ??= createRedis(this.env, 'workflow-mission-push');
      await publishToUser(
        this.redis,
        this.env.NAMESPACE,
        Number(mission.ownerUserId),
        JSON.stringify(push),
      );
    } catch (error) {
      this.logger.warn(`mission ${mission.code}: status push failed: ${String(error)}`);
    }
  }
}

/** Statuses that end a run: its charge is settled or released (MissionCharges). */
const ENDS_A_RUN: readonly MissionStatus[] = [
  MISSION_STATUS.completed,
  MISSION_STATUS.stopped,
  MISSION_STATUS.error,
];

/**
 * Moves a mission by the transition table (moveMission: compare-and-set on the status read) and
 * announces the move to its owner. A move that changes nothing announces nothing unless `push` is
 * 'always' (a rejection the reconciler's stop got to first still tells the reason); 'never' when
 * the caller announces it itself (a node report's push carries the mission's new status).
 */
@Injectable()
export class MissionMoves {
  private readonly logger = new Logger(MissionMoves.name);

  constructor(
    @InjectWorkflowDb() private readonly db: DataSource,
    private readonly pushes: MissionPushes,
    private readonly charges: MissionCharges,
  ) {}

  async move(
    mission: Mission,
    event: MissionEvent,
    changes: MissionChanges = {},
    options: {
      idempotent?: boolean;
      push?: 'changed' | 'always' | 'never';
      detail?: PushDetail;
    } = {},
  ): Promise<Mission> {
    const before = mission.status;
    const moved = await moveMission(this.db, mission, event, changes, options);
    if (moved.status !== before && ENDS_A_RUN.includes(moved.status)) {
      // The run's charge is decided now; if this fails, the charges' sweep decides it later.
      await this.charges.ended(moved, moved.status).catch((error: unknown) => {
        this.logger.warn(`mission ${moved.code}: charge not decided yet: ${String(error)}`);
      });
    }
    if (options.push === 'never') return moved;
    if (moved.status !== before || options.push === 'always') {
      await this.pushes.status(moved, event, options.detail);
    }
    return moved;
  }
}

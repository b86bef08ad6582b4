import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { MISSION_ACTIVE_STATUSES, MISSION_STATUS, renderMessage } from '@platform/contracts';
import { type DataSource, In, IsNull, LessThan, MoreThan, Not } from 'typeorm';

import { WORKFLOW_ENV, type WorkflowEnv } from '../config/env';
import { InjectWorkflowDb } from '../database/inject';
import { EngineConnection } from '../engine/engine-connection';
import { Mission } from './mission.entity';
import { MissionMoves } from './mission-events';
import { MissionRunsService } from './mission-runs.service';
import { takeOverStart } from './mission-start-claims';
import { MissionWaitsService } from './mission-waits.service';

/** Missions looked at per round (their instance ids go in one query string, so not too many). */
const BATCH = 100;
/** A start still without its instance after this long (at least) was cut off: see strandedStarts. */
const START_GRACE_MS = 120_000;

/**
 * Finds out from the engine how the runs of active missions ended, every MISSION_RECONCILE_MS:
 * an instance that completed makes its mission completed, one deleted in the engine (Cockpit)
 * stopped, one that failed or has an incident (a node out of retries) error interrupted. Polling
 * the engine's history rather than waiting for a report means an end is never lost, whichever
 * process (worker, this service, the engine) was down when it happened; every move is a
 * compare-and-set, so several instances of this service may run it side by side.
 */
@Injectable()
export class MissionReconciler implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(MissionReconciler.name);
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  /** Round robin over the active missions: the last id looked at. */
  private cursor = 0;

  constructor(
    @InjectWorkflowDb() private readonly db: DataSource,
    @Inject(WORKFLOW_ENV) private readonly env: WorkflowEnv,
    private readonly engine: EngineConnection,
    private readonly runs: MissionRunsService,
    private readonly moves: MissionMoves,
    private readonly waits: MissionWaitsService,
  ) {}

  onApplicationBootstrap(): void {
    const every = this.env.MISSION_RECONCILE_MS;
    if (every <= 0) return;
    this.timer = setInterval(() => void this.tick(), every);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => 0);
  }

  /** One round (at most one at a time); the number of missions moved. */
  async tick(): Promise<number> {
    if (this.running) return this.running;
    this.running = this.round()
      .catch((error: unknown) => {
        this.logger.warn(`mission reconciliation failed: ${String(error)}`);
        return 0;
      })
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  private async round(): Promise<number> {
    const recovered = await this.strandedStarts();
    const missions = await this.db.getRepository(Mission).find({
      select: {
        id: true,
        code: true,
        status: true,
        language: true,
        processInstanceId: true,
        processDefinitionId: true,
        currentRunId: true,
        startedAt: true,
        // For the pushes to the owner and the diagram of user tasks.
        ownerUserId: true,
        workflowVersionId: true,
      },
      where: {
        status: In([...MISSION_ACTIVE_STATUSES]),
        processInstanceId: Not(IsNull()),
        id: MoreThan(this.cursor),
      },
      order: { id: 'ASC' },
      take: BATCH,
    });
    this.cursor = missions.length === BATCH ? Number(missions[BATCH - 1].id) : 0;
    if (!missions.length) return recovered;
    const client = this.engine.client;
    const history = await client.historicProcessInstances({
      processInstanceIds: missions.map((m) => m.processInstanceId).join(','),
      maxResults: BATCH,
    });
    const byInstance = new Map(history.map((h) => [h.id, h]));
    let moved = 0;
    const running: Mission[] = [];
    for (const mission of missions) {
      const instance = byInstance.get(mission.processInstanceId!);
      const ref = { missionCode: mission.code, runId: mission.currentRunId ?? undefined };
      if (!instance) {
        // No history: gone only if the runtime does not know it either (history may be off).
        if (await client.findProcessInstance(mission.processInstanceId!)) running.push(mission);
        else {
          await this.runs.failed({
            ...ref,
            error: renderMessage('mission.instance_lost', mission.language),
          });
          moved += 1;
        }
      } else if (instance.state === 'COMPLETED') {
        await this.runs.completed(ref);
        moved += 1;
      } else if (instance.state === 'EXTERNALLY_TERMINATED') {
        await this.moves.move(mission, 'stop', { endedAt: new Date() }, { idempotent: true });
        moved += 1;
      } else if (instance.state === 'INTERNALLY_TERMINATED') {
        await this.runs.failed({ ...ref, error: instance.deleteReason ?? 'INTERNALLY_TERMINATED' });
        moved += 1;
      } else running.push(mission);
    }
    const failed = await this.incidents(running);
    // User tasks for people the instances reached (or that were completed in the engine's Tasklist).
    return recovered + moved + failed + (await this.waits.reconcile(running));
  }

  /**
   * A start cut off between writing its mission and recording the instance (the service killed, the
   * database gone for a moment) leaves a mission not started and without an instance, which no
   * report or round would ever move. Once the start has had far more than its time, the engine is
   * asked for an instance with the mission's code as business key: one it started is recorded (the
   * next rounds follow it); with none, the mission fails, which releases its frozen points.
   */
  private async strandedStarts(): Promise<number> {
    const repo = this.db.getRepository(Mission);
    const graceMs = Math.max(START_GRACE_MS, this.env.RPC_TIMEOUT_MS * 8);
    const stranded = await repo.find({
      select: { id: true, code: true, language: true, currentRunId: true },
      where: {
        status: MISSION_STATUS.notStarted,
        processInstanceId: IsNull(),
        createTime: LessThan(new Date(Date.now() - graceMs)),
      },
      order: { id: 'ASC' },
      take: BATCH,
    });
    for (const mission of stranded) {
      const [instance] = await this.engine.client.historicProcessInstances({
        processInstanceBusinessKey: mission.code,
        maxResults: 1,
      });
      if (instance) {
        await repo.update(
          { id: mission.id, processInstanceId: IsNull() },
          { processInstanceId: instance.id },
        );
        this.logger.warn(`mission ${mission.code}: its cut-off start's instance recorded`);
      } else if (await takeOverStart(this.db, mission.id, graceMs)) {
        // Taken over, so no retry with the mission's Idempotency-Key is finishing it meanwhile.
        await this.runs.failed({
          missionCode: mission.code,
          runId: mission.currentRunId ?? undefined,
          error: renderMessage('mission.start_lost', mission.language),
        });
        this.logger.warn(`mission ${mission.code}: its start was cut off before the engine's`);
      }
    }
    return stranded.length;
  }

  /** A node out of retries raises an incident: its mission becomes error interrupted with the reason. */
  private async incidents(missions: Mission[]): Promise<number> {
    const byInstance = new Map(missions.map((m) => [m.processInstanceId!, m]));
    let moved = 0;
    for (const definitionId of new Set(missions.map((m) => m.processDefinitionId))) {
      const incidents = await this.engine.client.incidents({ processDefinitionId: definitionId });
      const seen = new Set<string>();
      for (const incident of incidents) {
        const mission = byInstance.get(incident.processInstanceId ?? '');
        if (!mission || seen.has(mission.code)) continue;
        seen.add(mission.code);
        await this.runs.failed({
          missionCode: mission.code,
          runId: mission.currentRunId ?? undefined,
          nodeId: incident.activityId ?? undefined,
          error: incident.incidentMessage ?? incident.incidentType,
        });
        moved += 1;
      }
    }
    return moved;
  }
}

import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import {
  DomainError,
  MISSION_HOLD_STATUS,
  MISSION_LOG_STATUS,
  MISSION_PRICE_DEFAULT,
  MISSION_PRICE_PARAM,
  MISSION_STATUS,
  type MissionStatus,
} from '@platform/contracts';
import { type DataSource, In, LessThanOrEqual } from 'typeorm';

import { WORKFLOW_ENV, type WorkflowEnv } from '../config/env';
import { InjectWorkflowDb } from '../database/inject';
import { Mission, MissionLog } from '../missions/mission.entity';
import type { Workflow } from '../workflows/workflow.entity';
import { BillingClient } from './billing-client';
import { MissionCharge, type MissionChargeState } from './mission-charge.entity';

/** Charges sent to billing per round. */
const BATCH = 50;
/** The longest wait between two tries of one charge. */
const MAX_BACKOFF_MS = 5 * 60_000;
/** How long the system parameter's price is reused before identity is asked again. */
const PRICE_CACHE_MS = 10_000;

/**
 * What a mission costs (issue 14). A run's price is frozen on its owner's points before the run
 * starts (a refusal starts nothing); when the run ends the charge is decided here — completed, or
 * stopped after a node finished: settle (frozen → spent); stopped before any node finished, or
 * error interrupted (the platform's side): release — and written to wf_mission_charge, which is the
 * outbox: a round every MISSION_CHARGE_RETRY_MS sends what is due to billing and retries with a
 * backoff until billing answers (billing applies each call once, keyed by mission, run and action).
 * The round also finds frozen charges whose run ended without a decision (a crash between the move
 * and the decision), so nothing stays frozen for ever.
 */
@Injectable()
export class MissionCharges implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(MissionCharges.name);
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private priceCache: { value: number; until: number } | null = null;

  constructor(
    @InjectWorkflowDb() private readonly db: DataSource,
    @Inject(WORKFLOW_ENV) private readonly env: WorkflowEnv,
    private readonly billing: BillingClient,
  ) {}

  onApplicationBootstrap(): void {
    const every = this.env.MISSION_CHARGE_RETRY_MS;
    if (every <= 0) return;
    this.timer = setInterval(() => void this.flush(), every);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => 0);
  }

  /** The price of a mission on `workflow`: its own, else the system parameter, else the default. */
  async priceOf(workflow: Pick<Workflow, 'price'>): Promise<number> {
    if (workflow.price !== null && workflow.price !== undefined) return workflow.price;
    if (this.priceCache && this.priceCache.until > Date.now()) return this.priceCache.value;
    let raw: string;
    try {
      raw = await this.billing.configValue(MISSION_PRICE_PARAM);
    } catch (error) {
      this.logger.warn(`the mission price parameter could not be read: ${String(error)}`);
      throw new DomainError('mission.price_unavailable');
    }
    const parsed = Number(raw);
    const value =
      raw.trim() !== '' && Number.isInteger(parsed) && parsed >= 0 ? parsed : MISSION_PRICE_DEFAULT;
    this.priceCache = { value, until: Date.now() + PRICE_CACHE_MS };
    return value;
  }

  /**
   * Freezes `points` of the owner's balance for a run, before anything of it exists. Too few points:
   * billing's refusal (mission.points_insufficient) is thrown as it is. Any other failure (billing
   * down, a timeout whose outcome is unknown) is thrown too, and a release of the run is queued so
   * a hold billing may have made after all goes back.
   */
  async freeze(missionCode: string, runId: string, userId: number, points: number): Promise<void> {
    if (points <= 0) return;
    try {
      const hold = await this.billing.freeze({ missionCode, runId, userId, points });
      // An ended hold: a release of this run reached billing first (nothing is frozen).
      if (hold.status !== MISSION_HOLD_STATUS.held) throw new DomainError('billing.unavailable');
    } catch (error) {
      if (error instanceof DomainError && error.key === 'mission.points_insufficient') throw error;
      this.logger.warn(`mission ${missionCode}: the freeze failed: ${String(error)}`);
      await this.record(missionCode, runId, userId, points, 'release');
      this.kick();
      throw error instanceof DomainError ? error : new DomainError('billing.unavailable');
    }
    await this.record(missionCode, runId, userId, points, 'frozen');
  }

  /** The run did not start after its freeze (the engine refused): its points go back. */
  async abandon(missionCode: string, runId: string): Promise<void> {
    await this.decide(missionCode, runId, 'release');
  }

  /**
   * A mission's run ended with `status` (completed, stopped, error): settle or release its charge.
   * Nothing happens for a run without a frozen charge (a free mission, or one already decided).
   */
  async ended(mission: Pick<Mission, 'id' | 'code' | 'currentRunId'>, status: MissionStatus) {
    if (!mission.currentRunId) return;
    const action = await this.decision(mission, mission.currentRunId, status);
    if (action) await this.decide(mission.code, mission.currentRunId, action);
  }

  /** A rerun replaced `runId`: its charge is settled when a node of it finished, else released. */
  async replaced(mission: Pick<Mission, 'id' | 'code'>, runId: string | null): Promise<void> {
    if (!runId) return;
    const action = (await this.nodeFinished(mission.id, runId)) ? 'settle' : 'release';
    await this.decide(mission.code, runId, action);
  }

  /** One round: decide forgotten runs, then send what is due. The number of charges sent. */
  async flush(): Promise<number> {
    if (this.running) return this.running;
    this.running = this.round()
      .catch((error: unknown) => {
        this.logger.warn(`mission charges: ${String(error)}`);
        return 0;
      })
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  private kick(): void {
    void this.flush();
  }

  private async round(): Promise<number> {
    await this.sweep();
    const repo = this.db.getRepository(MissionCharge);
    const due = await repo.find({
      where: { state: In(['settle', 'release']), nextAttemptAt: LessThanOrEqual(new Date()) },
      order: { id: 'ASC' },
      take: BATCH,
    });
    let sent = 0;
    for (const charge of due) {
      const ref = { missionCode: charge.missionCode, runId: charge.runId };
      try {
        if (charge.state === 'settle') await this.billing.settle(ref);
        else await this.billing.release(ref);
        const done: MissionChargeState = charge.state === 'settle' ? 'settled' : 'released';
        await repo.update({ id: charge.id, state: charge.state }, { state: done, lastError: null });
        sent += 1;
      } catch (error) {
        const attempts = charge.attempts + 1;
        const wait = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.min(attempts, 16));
        await repo.update(
          { id: charge.id, state: charge.state },
          {
            attempts,
            nextAttemptAt: new Date(Date.now() + wait),
            lastError: String(error).slice(0, 500),
          },
        );
        this.logger.warn(`mission ${charge.missionCode}: ${charge.state} failed: ${String(error)}`);
      }
    }
    return sent;
  }

  /** Frozen charges whose run is over (or gone) without a decision: decided now. */
  private async sweep(): Promise<void> {
    const rows: {
      mission_code: string;
      run_id: string;
      id: number | null;
      status: MissionStatus | null;
      current_run_id: string | null;
    }[] = await this.db.query(
      `SELECT c.mission_code, c.run_id, m.id, m.status, m.current_run_id
         FROM wf_mission_charge c LEFT JOIN wf_mission m ON m.code = c.mission_code
        WHERE c.state = 'frozen' AND c.update_time < NOW(3) - INTERVAL 30 SECOND
          AND (m.id IS NULL OR m.current_run_id <> c.run_id OR m.status IN (?, ?, ?))
        LIMIT ${BATCH}`,
      [MISSION_STATUS.completed, MISSION_STATUS.stopped, MISSION_STATUS.error],
    );
    for (const row of rows) {
      let action: 'settle' | 'release' | null = 'release';
      if (row.id !== null && row.status && row.current_run_id === row.run_id) {
        action = await this.decision({ id: row.id }, row.run_id, row.status);
      } else if (row.id !== null) {
        action = (await this.nodeFinished(row.id, row.run_id)) ? 'settle' : 'release';
      }
      if (action) await this.decide(row.mission_code, row.run_id, action, false);
    }
  }

  /** The rule: completed settles; stopped settles once a node finished, else releases; error releases. */
  private async decision(
    mission: Pick<Mission, 'id'>,
    runId: string,
    status: MissionStatus,
  ): Promise<'settle' | 'release' | null> {
    if (status === MISSION_STATUS.completed) return 'settle';
    if (status === MISSION_STATUS.error) return 'release';
    if (status === MISSION_STATUS.stopped) {
      return (await this.nodeFinished(mission.id, runId)) ? 'settle' : 'release';
    }
    return null;
  }

  private async nodeFinished(missionId: number, runId: string): Promise<boolean> {
    const count = await this.db.getRepository(MissionLog).count({
      where: { missionId, runId, status: MISSION_LOG_STATUS.success },
    });
    return count > 0;
  }

  /** Moves a frozen charge to `action` (compare-and-set: decided once), then sends it at once. */
  private async decide(
    missionCode: string,
    runId: string,
    action: 'settle' | 'release',
    send = true,
  ): Promise<void> {
    const result = await this.db
      .getRepository(MissionCharge)
      .update(
        { missionCode, runId, state: 'frozen' },
        { state: action, nextAttemptAt: new Date(), attempts: 0 },
      );
    if (result.affected && send) this.kick();
  }

  private async record(
    missionCode: string,
    runId: string,
    userId: number,
    points: number,
    state: MissionChargeState,
  ): Promise<void> {
    await this.db.query(
      `INSERT INTO wf_mission_charge (mission_code, run_id, owner_user_id, points, state, next_attempt_at)
       VALUES (?, ?, ?, ?, ?, NOW(3))
       ON DUPLICATE KEY UPDATE id = id`,
      [missionCode, runId, userId, points, state],
    );
  }
}

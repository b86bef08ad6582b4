import { randomBytes, randomUUID } from 'node:crypto';

import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  DomainError,
  hasMissionInput,
  type Language,
  MISSION_ACTIVE_STATUSES,
  MISSION_FILES_MAX,
  MISSION_STATUS,
  MISSION_STRUCTURE_MAX,
  MISSION_VARIABLES,
  type MissionInputs,
  type MissionLogView,
  missionMove,
  type MissionSortField,
  type MissionStartedView,
  type MissionStructure,
  type MissionSummaryView,
  type MissionView,
  type PageView,
  seesEveryMission,
  WORKFLOW_STATUS,
} from '@platform/contracts';
import type {
  MissionInputsBody,
  MissionListQuery,
  MissionLogListQuery,
  MissionStartBody,
} from '@platform/contracts/dto';
import {
  CamundaRestError,
  type HistoricProcessInstanceDto,
  mayHaveReachedEngine,
  type ProcessInstanceDto,
} from '@platform/engine-client';
import { insertKnownRow, isOutageError } from '@platform/nest-common';
import type { DataSource } from 'typeorm';

import { MissionCharges } from '../billing/mission-charges.service';
import { inputsVariable } from '../bpm/engine-variables';
import { ConversationAccess } from '../chat/conversation-access';
import { contains, isDuplicateEntry } from '../common/commands';
import { pageRows } from '../common/pages';
import { WORKFLOW_ENV, type WorkflowEnv } from '../config/env';
import { InjectWorkflowDb } from '../database/inject';
import { EngineConnection } from '../engine/engine-connection';
import { deleteProcessInstanceSurely } from '../engine/instance-deletion';
import { WorkflowVersion } from '../workflows/workflow.entity';
import { WorkflowsService } from '../workflows/workflows.service';
import { DeploymentsService } from './deployments.service';
import { Mission, MissionLog, type WorkflowDeployment } from './mission.entity';
import { MissionAccess, type MissionCaller } from './mission-access';
import { MissionMoves } from './mission-events';
import { recordInstance, takeOverStart } from './mission-start-claims';
import { MissionWaitsService } from './mission-waits.service';
import { missionLogView, missionState, missionSummary, missionView } from './missions.mapper';

const SORT_COLUMNS: Record<MissionSortField, string> = {
  id: 'm.id',
  code: 'm.code',
  name: 'm.name',
  status: 'm.status',
  createTime: 'm.createTime',
  updateTime: 'm.updateTime',
};

const SUMMARY_COLUMNS: (keyof Mission)[] = [
  'id',
  'code',
  'name',
  'description',
  'workflowId',
  'workflowVersion',
  'workflowVersionId',
  'ownerUserId',
  'conversationId',
  'status',
  'language',
  'startedAt',
  'endedAt',
  'createTime',
  'updateTime',
];

/**
 * Missions as their owners and administrators see them: start one on a workflow (compiled and
 * deployed once per version, the instance started on that pinned definition), list, read, stop,
 * and read the log of node runs. Every mission a request names goes through MissionAccess.
 */
@Injectable()
export class MissionsService {
  private readonly logger = new Logger(MissionsService.name);

  constructor(
    @InjectWorkflowDb() private readonly db: DataSource,
    @Inject(WORKFLOW_ENV) private readonly env: WorkflowEnv,
    private readonly access: MissionAccess,
    private readonly workflows: WorkflowsService,
    private readonly deployments: DeploymentsService,
    private readonly engine: EngineConnection,
    private readonly moves: MissionMoves,
    private readonly waits: MissionWaitsService,
    private readonly charges: MissionCharges,
    private readonly conversations: ConversationAccess,
  ) {}

  /**
   * A plain user starts on an online workflow, an administrator also on one in testing. The mission
   * row exists before the instance starts (the worker may report its first node at once); if the
   * engine refuses the start, the row goes again and nothing is left behind. A start with an
   * Idempotency-Key keeps it on the row: a retry whose first attempt made the mission gets that
   * mission, even when the answer the idempotency interceptor keeps in Redis was lost.
   */
  async start(
    body: MissionStartBody,
    caller: MissionCaller,
    language: Language,
    requestKey?: string,
  ): Promise<MissionStartedView> {
    const earlier = await this.startedWith(caller, requestKey);
    if (earlier) return missionState(await this.finishCutOffStart(earlier));
    const inputs = inputsOf(body.inputs);
    if (!hasMissionInput(inputs)) throw new DomainError('mission.inputs_required');
    // The mission's questions and the owner's answers are written into this conversation: only
    // the caller's own.
    if (body.conversationId !== undefined && body.conversationId !== null) {
      await this.conversations.writable(caller, body.conversationId);
    }
    const workflow = await this.workflows.find(body.workflowId);
    const startable =
      workflow.status === WORKFLOW_STATUS.online ||
      (workflow.status === WORKFLOW_STATUS.testing && caller.admin);
    if (!startable) {
      throw new DomainError(
        workflow.status === WORKFLOW_STATUS.testing
          ? 'mission.workflow_testing_admin_only'
          : 'mission.workflow_not_online',
        { name: workflow.name },
      );
    }
    const version = await this.db
      .getRepository(WorkflowVersion)
      .findOneBy({ workflowId: workflow.id, version: workflow.version });
    if (!version) {
      throw new DomainError('workflow.version_not_found', { version: workflow.version }, 404);
    }
    let deployment = await this.deployments.definitionFor(version);
    const runId = randomUUID();
    const code = missionCode();
    // The price is frozen before anything of the mission exists: too few points start nothing.
    await this.charges.freeze(code, runId, caller.userId, await this.charges.priceOf(workflow));
    const inserted = await this.insertMission(
      {
        code,
        name: body.name ?? workflow.name,
        description: body.description ?? '',
        workflowId: workflow.id,
        workflowVersionId: version.id,
        workflowVersion: version.version,
        processDefinitionId: deployment.processDefinitionId,
        ownerUserId: caller.userId,
        conversationId: body.conversationId ?? null,
        status: MISSION_STATUS.notStarted,
        language,
        inputs,
        result: null,
        error: null,
        currentRunId: runId,
        requestKey: requestKey ?? null,
        createBy: String(caller.userId),
        updateBy: String(caller.userId),
      },
      caller,
    );
    if (inserted.earlier) return missionState(inserted.mission);
    const { mission } = inserted;
    let instance: ProcessInstanceDto | null;
    try {
      instance = await this.startInstance(mission, deployment.processDefinitionId, runId).catch(
        async (error) => {
          // The engine lost the definition (its database was reset): deploy again, once.
          if (!(await this.definitionMissing(deployment))) throw error;
          await this.deployments.forget(deployment);
          deployment = await this.deployments.definitionFor(version);
          await this.db
            .getRepository(Mission)
            .update(mission.id, { processDefinitionId: deployment.processDefinitionId });
          mission.processDefinitionId = deployment.processDefinitionId;
          return this.startInstance(mission, deployment.processDefinitionId, runId);
        },
      );
    } catch (error) {
      instance = await this.instanceAfterFailedStart(mission, runId, error);
      if (!instance) {
        await this.db.getRepository(Mission).delete({ id: mission.id });
        await this.charges.abandon(code, runId);
        this.logger.warn(`mission ${mission.code} did not start: ${String(error)}`);
        throw new DomainError('mission.start_failed');
      }
    }
    return missionState(await this.recordStarted(mission, instance));
  }

  /**
   * What the engine has after a start that failed. An instance with the mission's code means the
   * start took effect and its answer was lost (an engine node killed after its commit): that one is
   * the mission's. With none, a start that broke on the connection is sent once more (behind a
   * balancer, to another engine node). Null when nothing started; when the engine cannot even say,
   * or the second attempt broke after it was sent, the row stays for the reconciler (which finds the
   * instance or fails the start) and the answer is "outcome unknown".
   */
  private async instanceAfterFailedStart(
    mission: Mission,
    runId: string,
    error: unknown,
  ): Promise<ProcessInstanceDto | null> {
    let started: HistoricProcessInstanceDto | undefined;
    try {
      [started] = await this.engine.client.historicProcessInstances({
        processInstanceBusinessKey: mission.code,
        maxResults: 1,
      });
    } catch {
      if (!isOutageError(error)) return null;
      this.logger.warn(`mission ${mission.code}: start in doubt, left to the reconciler`);
      throw new DomainError('http.outcome_unknown', {}, 504);
    }
    if (started) {
      this.logger.warn(`mission ${mission.code}: its start's answer was lost; instance found`);
      return { id: started.id, ended: started.state === 'COMPLETED' } as ProcessInstanceDto;
    }
    if (!isOutageError(error)) return null;
    return this.startInstance(mission, mission.processDefinitionId, runId).catch((retryError) => {
      // The second attempt may have started the instance though it broke too: the row stays, and
      // the reconciler records the instance (or fails the start once it finds none).
      if (!mayHaveReachedEngine(retryError)) return null;
      this.logger.warn(
        `mission ${mission.code}: its retried start is in doubt, left to the reconciler`,
      );
      throw new DomainError('http.outcome_unknown', {}, 504);
    });
  }

  /**
   * Records the instance a start made. When another attempt recorded one first (this one was slow
   * past its claim, and a retry took the start over), this instance goes again: one mission, one
   * instance.
   */
  private async recordStarted(mission: Mission, instance: ProcessInstanceDto): Promise<Mission> {
    if (await recordInstance(this.db, mission.id, instance.id)) {
      mission.processInstanceId = instance.id;
      // A diagram without a wait state ends within the start.
      if (instance.ended) await this.moves.move(mission, 'complete', { endedAt: new Date() });
    } else {
      this.logger.warn(`mission ${mission.code}: another attempt started it; instance removed`);
      await deleteProcessInstanceSurely(this.engine.client, instance.id).catch(() => undefined);
    }
    return this.db.getRepository(Mission).findOneByOrFail({ id: mission.id });
  }

  /**
   * A retried start whose first attempt wrote the mission and was cut off before the engine's
   * instance was recorded (the workflow service killed): once the first attempt's claim has lapsed,
   * the retry takes the start over and finishes it (the engine's instance with the mission's code
   * if the first attempt got that far, else a new one on the mission's own definition and run), where
   * the reconciler would fail the mission as "start lost". Within the claim's grace the first attempt
   * may still be at it, and the mission is answered as it stands.
   */
  private async finishCutOffStart(mission: Mission): Promise<Mission> {
    if (mission.status !== MISSION_STATUS.notStarted || mission.processInstanceId) return mission;
    if (!(await takeOverStart(this.db, mission.id, this.startClaimGraceMs()))) return mission;
    this.logger.warn(`mission ${mission.code}: a retry finishes its cut-off start`);
    const [earlier] = await this.engine.client.historicProcessInstances({
      processInstanceBusinessKey: mission.code,
      maxResults: 1,
    });
    if (earlier) {
      await recordInstance(this.db, mission.id, earlier.id);
      return this.db.getRepository(Mission).findOneByOrFail({ id: mission.id });
    }
    let instance: ProcessInstanceDto;
    try {
      instance = await this.startInstance(
        mission,
        mission.processDefinitionId,
        mission.currentRunId ?? '',
      );
    } catch (error) {
      // The row stays with its claim: a later retry tries again, or the reconciler fails it.
      this.logger.warn(`mission ${mission.code} did not start on retry: ${String(error)}`);
      throw new DomainError('mission.start_failed');
    }
    return this.recordStarted(mission, instance);
  }

  /**
   * How long a start's claim holds: the gateway gives up on a start after RPC_TIMEOUT_MS, so an
   * attempt still at it after twice that is taken to be gone. (A slow one that then records its
   * instance second removes it: recordStarted.)
   */
  private startClaimGraceMs(): number {
    return this.env.RPC_TIMEOUT_MS * 2;
  }

  /**
   * Writes a new mission's row. Another attempt with the same Idempotency-Key that wrote its own
   * first (the unique key refuses this one) makes that mission the answer (`earlier`); whenever this
   * row is not written, the run's freeze goes back.
   */
  private async insertMission(
    row: Partial<Mission> & { code: string; currentRunId: string; requestKey: string | null },
    caller: MissionCaller,
  ): Promise<{ mission: Mission; earlier: boolean }> {
    try {
      return { mission: await this.insertRow(row), earlier: false };
    } catch (error) {
      await this.charges.abandon(row.code, row.currentRunId);
      const first = isDuplicateEntry(error)
        ? await this.startedWith(caller, row.requestKey ?? undefined)
        : null;
      if (first) return { mission: first, earlier: true };
      throw error;
    }
  }

  /** The new row, whose columns are all known here (insertKnownRow: one statement). */
  private insertRow(row: Partial<Mission>): Promise<Mission> {
    const repo = this.db.getRepository(Mission);
    const now = new Date();
    return insertKnownRow(
      repo,
      repo.create({
        processInstanceId: null,
        startClaimedAt: null,
        startedAt: null,
        endedAt: null,
        ...row,
        createTime: now,
        updateTime: now,
      }),
    );
  }

  /** The caller's mission started with this Idempotency-Key, if any. */
  private async startedWith(caller: MissionCaller, requestKey?: string): Promise<Mission | null> {
    if (!requestKey) return null;
    return this.db.getRepository(Mission).findOneBy({ ownerUserId: caller.userId, requestKey });
  }

  async list(
    query: MissionListQuery,
    caller: MissionCaller,
  ): Promise<PageView<MissionSummaryView>> {
    const qb = this.db
      .getRepository(Mission)
      .createQueryBuilder('m')
      .select(SUMMARY_COLUMNS.map((c) => `m.${c}`));
    this.access.scope(qb, caller, 'm');
    if (query.status) qb.andWhere('m.status = :status', { status: query.status });
    if (query.workflowId)
      qb.andWhere('m.workflowId = :workflowId', { workflowId: query.workflowId });
    if (query.name) qb.andWhere('m.name LIKE :name', { name: contains(query.name) });
    if (query.code) qb.andWhere('m.code = :code', { code: query.code });
    if (query.ownerUserId && seesEveryMission(caller)) {
      qb.andWhere('m.ownerUserId = :owner', { owner: query.ownerUserId });
    }
    if (query.beginTime) qb.andWhere('m.createTime >= :begin', { begin: query.beginTime });
    if (query.endTime) {
      qb.andWhere('m.createTime < DATE_ADD(:end, INTERVAL 1 DAY)', {
        end: query.endTime.slice(0, 10),
      });
    }
    const ascending = query.isAsc === 'asc' || query.isAsc === 'ascending';
    qb.orderBy(SORT_COLUMNS[query.orderByColumn ?? 'id'], ascending ? 'ASC' : 'DESC');
    if (query.orderByColumn && query.orderByColumn !== 'id') qb.addOrderBy('m.id', 'DESC');
    return pageRows(qb, query, missionSummary);
  }

  async get(id: number, caller: MissionCaller): Promise<MissionView> {
    const mission = await this.access.readableById(caller, id);
    // The pinned version's own diagram: a newer version of the workflow never redraws a mission.
    const version = await this.db
      .getRepository(WorkflowVersion)
      .findOne({ where: { id: mission.workflowVersionId }, select: { id: true, xml: true } });
    return missionView(
      mission,
      await this.currentNodes(mission),
      version?.xml ?? '',
      await this.waits.current(mission),
    );
  }

  /**
   * Deletes the process instance (its progress is gone) and marks the mission stopped. The move is
   * judged before the engine is touched, so stopping a completed mission changes nothing.
   */
  async stop(id: number, caller: MissionCaller): Promise<MissionStartedView> {
    const mission = await this.access.byId(caller, id);
    const move = missionMove('stop', mission.status);
    if (!move.ok) throw new DomainError(move.refusal);
    if (mission.processInstanceId) {
      try {
        await deleteProcessInstanceSurely(this.engine.client, mission.processInstanceId);
      } catch (error) {
        this.logger.warn(`mission ${mission.code}: the instance was not deleted: ${String(error)}`);
        throw new DomainError('bpm.engine_unavailable', {}, 503);
      }
    }
    const stopped = await this.moves.move(
      mission,
      'stop',
      { endedAt: new Date(), updateBy: String(caller.userId) },
      // The reconciler may have seen the deleted instance first.
      { idempotent: true },
    );
    return missionState(stopped);
  }

  /** Node runs: of one mission (oldest first), or of every mission the caller may see (newest first). */
  async logs(query: MissionLogListQuery, caller: MissionCaller): Promise<PageView<MissionLogView>> {
    const qb = this.db.getRepository(MissionLog).createQueryBuilder('l');
    if (query.missionCode) {
      await this.access.readableByCode(caller, query.missionCode);
      qb.where('l.missionCode = :code', { code: query.missionCode }).orderBy('l.id', 'ASC');
    } else {
      qb.innerJoin(Mission, 'm', 'm.id = l.missionId').orderBy('l.id', 'DESC');
      this.access.scope(qb, caller, 'm');
    }
    if (query.runId) qb.andWhere('l.runId = :runId', { runId: query.runId });
    if (query.nodeId) qb.andWhere('l.nodeId = :nodeId', { nodeId: query.nodeId });
    if (query.status) qb.andWhere('l.status = :status', { status: query.status });
    return pageRows(qb, query, missionLogView);
  }

  private startInstance(
    mission: Mission,
    processDefinitionId: string,
    runId: string,
  ): Promise<ProcessInstanceDto> {
    return this.engine.client.startProcessInstance(processDefinitionId, {
      businessKey: mission.code,
      variables: {
        [MISSION_VARIABLES.missionCode]: { value: mission.code, type: 'String' },
        [MISSION_VARIABLES.runId]: { value: runId, type: 'String' },
        [MISSION_VARIABLES.language]: { value: mission.language, type: 'String' },
        [MISSION_VARIABLES.inputs]: inputsVariable(mission.inputs),
      },
    });
  }

  /** Whether the engine answers that it has no such definition (not merely that it is down). */
  private async definitionMissing(deployment: WorkflowDeployment): Promise<boolean> {
    return this.engine.client.getProcessDefinition(deployment.processDefinitionId).then(
      () => false,
      (error: unknown) => error instanceof CamundaRestError && error.status === 404,
    );
  }

  /** The nodes running or waiting now, from the engine; none once the mission left the engine. */
  private async currentNodes(mission: Mission): Promise<string[]> {
    if (!mission.processInstanceId || !MISSION_ACTIVE_STATUSES.includes(mission.status)) return [];
    try {
      const open = await this.engine.client.historicActivityInstances({
        processInstanceId: mission.processInstanceId,
        unfinished: true,
        sortBy: 'startTime',
        sortOrder: 'asc',
      });
      return [...new Set(open.map((a) => a.activityId))];
    } catch (error) {
      this.logger.warn(
        `mission ${mission.code}: no current nodes from the engine: ${String(error)}`,
      );
      return [];
    }
  }
}

/**
 * The inputs as stored: text and patch trimmed, empty parts left out. Structures come only from the
 * assistant (a chat message's PDB files, trimmed to atom records); anything else is not kept.
 */
function inputsOf(
  body: (MissionInputsBody & { structures?: MissionStructure[] }) | undefined,
): MissionInputs {
  const text = body?.text?.trim();
  const patch = body?.patch?.trim();
  const files = (body?.files ?? []).map((f) => f.trim()).filter(Boolean);
  const structures = (Array.isArray(body?.structures) ? body.structures : [])
    .filter(
      (s) =>
        typeof s?.name === 'string' &&
        typeof s.pdb === 'string' &&
        s.pdb.length <= MISSION_STRUCTURE_MAX,
    )
    .slice(0, MISSION_FILES_MAX)
    .map((s) => ({ name: s.name, pdb: s.pdb, ...(s.tooLarge ? { tooLarge: true } : {}) }));
  return {
    ...(text ? { text } : {}),
    ...(files.length ? { files } : {}),
    ...(patch ? { patch } : {}),
    ...(structures.length ? { structures } : {}),
  };
}

/** `M` + UTC time to the second + 8 random hex digits: unique, sortable, readable. */
function missionCode(): string {
  const stamp = new Date()
    .toISOString()
    .replace(/[-:TZ.]/g, '')
    .slice(0, 14);
  return `M${stamp}${randomBytes(4).toString('hex').toUpperCase()}`;
}

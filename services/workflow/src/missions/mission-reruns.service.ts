import { randomUUID } from 'node:crypto';

import { Injectable, Logger } from '@nestjs/common';
import {
  DomainError,
  jsonTextVariable,
  MISSION_LOG_STATUS,
  MISSION_VARIABLES,
  missionMove,
  type MissionStartedView,
  outputVariable,
} from '@platform/contracts';
import type { MissionRerunRpcBody } from '@platform/contracts/dto';
import { CamundaRestError, type VariableMap } from '@platform/engine-client';
import { type DataSource, In } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';

import { MissionCharges } from '../billing/mission-charges.service';
import { inputsVariable } from '../bpm/engine-variables';
import { InjectWorkflowDb } from '../database/inject';
import { EngineConnection } from '../engine/engine-connection';
import { Workflow } from '../workflows/workflow.entity';
import { Mission, MissionLog } from './mission.entity';
import { MissionAccess, type MissionCaller } from './mission-access';
import { isRerunnable, MissionDiagrams, nodesBefore, nodesFrom } from './mission-diagrams';
import { MissionMoves, MissionPushes } from './mission-events';
import { moveMission } from './mission-state';
import { MissionWaitsService } from './mission-waits.service';
import { missionState } from './missions.mapper';

/**
 * A new run of a mission from a node. The run gets a new id (the mission log keeps every run); the
 * nodes before the chosen one are not run again: what they produced — the outputs of their latest
 * successful runs in the mission log, as the Json variables `output_<node>` the agent worker
 * completes them with — goes into the run with the mission's variables (missionCode, new runId,
 * language, inputs). A live instance is modified (start before the node, then cancel what was
 * active before); an ended one is replaced by a new instance of the pinned definition started
 * before the node (startInstructions). Both are the Camunda 7 REST calls the embedded engine and
 * Operaton answer alike.
 */
@Injectable()
export class MissionRerunsService {
  private readonly logger = new Logger(MissionRerunsService.name);

  constructor(
    @InjectWorkflowDb() private readonly db: DataSource,
    private readonly access: MissionAccess,
    private readonly engine: EngineConnection,
    private readonly diagrams: MissionDiagrams,
    private readonly moves: MissionMoves,
    private readonly pushes: MissionPushes,
    private readonly waits: MissionWaitsService,
    private readonly charges: MissionCharges,
  ) {}

  async rerun(body: MissionRerunRpcBody, caller: MissionCaller): Promise<MissionStartedView> {
    const mission = await this.access.byId(caller, body.id);
    const move = missionMove('rerun', mission.status);
    if (!move.ok) throw new DomainError(move.refusal);
    const diagram = await this.diagrams.of(mission);
    const node = diagram?.graph.nodes.find((n) => n.id === body.nodeId);
    if (!diagram || !node || !isRerunnable(node)) {
      throw new DomainError('mission.rerun_node_unknown', { nodeId: body.nodeId });
    }
    const outputs = await this.outputsBefore(mission, [...nodesBefore(diagram.graph, node.id)]);
    // What the node and those after it produced in a live instance is not this run's (yet).
    const cleared: VariableMap = {};
    for (const id of nodesFrom(diagram.graph, node.id)) {
      cleared[outputVariable(id)] = { value: null, type: 'Null' };
    }
    const previous = {
      status: mission.status,
      currentRunId: mission.currentRunId,
      processInstanceId: mission.processInstanceId,
      result: mission.result,
      error: mission.error,
      endedAt: mission.endedAt,
    };
    const runId = randomUUID();
    // A rerun is a new run: its price is frozen (on the owner's points) before anything moves.
    const workflow = await this.db
      .getRepository(Workflow)
      .findOne({ where: { id: mission.workflowId }, select: { id: true, price: true } });
    const price = await this.charges.priceOf({ price: workflow?.price ?? null });
    await this.charges.freeze(mission.code, runId, Number(mission.ownerUserId), price);
    // The new run first, and without an instance while the engine is asked: a report of the new
    // run is then accepted at once, and the reconciler does not judge the mission by the old one.
    const moved = await moveMission(this.db, mission, 'rerun', {
      currentRunId: runId,
      processInstanceId: null,
      result: null,
      error: null,
      endedAt: null,
      updateBy: String(caller.userId),
    });
    await this.waits.cancelOpen(mission.id);
    let instanceId: string;
    try {
      instanceId = await this.restart(
        moved,
        previous.processInstanceId,
        node.id,
        {
          [MISSION_VARIABLES.missionCode]: { value: mission.code, type: 'String' },
          [MISSION_VARIABLES.runId]: { value: runId, type: 'String' },
          [MISSION_VARIABLES.language]: { value: mission.language, type: 'String' },
          [MISSION_VARIABLES.inputs]: inputsVariable(mission.inputs),
          ...outputs,
        },
        cleared,
      );
    } catch (error) {
      this.logger.warn(`mission ${mission.code}: rerun from ${node.id} failed: ${String(error)}`);
      // As it was: the run did not start.
      await this.db
        .getRepository(Mission)
        .update(
          { id: mission.id, currentRunId: runId },
          previous as QueryDeepPartialEntity<Mission>,
        );
      await this.charges.abandon(mission.code, runId);
      throw new DomainError('mission.rerun_failed');
    }
    await this.db
      .getRepository(Mission)
      .update({ id: mission.id, currentRunId: runId }, { processInstanceId: instanceId });
    moved.processInstanceId = instanceId;
    // The run it replaced: spent when a node of it finished, else its points go back.
    await this.charges.replaced(mission, previous.currentRunId);
    await this.pushes.status(moved, 'rerun', { nodeId: node.id });
    // A run that starts at a user task for people waits for an administrator at once.
    if (node.kind === 'task') await this.waits.reconcileMission(moved);
    return missionState(moved);
  }

  /**
   * A live instance: start before the node, then cancel every activity instance that was active,
   * so the instance never has nothing to do and the node itself may be one of them. Its variables stay,
   * so the outputs of the node and of those after it are set to null (`cleared`). Else a new
   * instance.
   */
  private async restart(
    mission: Mission,
    instanceId: string | null,
    nodeId: string,
    variables: VariableMap,
    cleared: VariableMap,
  ): Promise<string> {
    const client = this.engine.client;
    const alive = instanceId ? await client.findProcessInstance(instanceId) : null;
    if (alive) {
      const open = await client.historicActivityInstances({
        processInstanceId: alive.id,
        unfinished: true,
      });
      try {
        await client.modifyProcessInstance(alive.id, {
          skipCustomListeners: true,
          skipIoMappings: true,
          annotation: `rerun ${mission.code} from ${nodeId}`,
          instructions: [
            {
              type: 'startBeforeActivity',
              activityId: nodeId,
              variables: { ...cleared, ...variables },
            },
            // By activity instance (a historic activity instance has the runtime one's id): by
            // activity id, Operaton would cancel the node's new instance too.
            ...open.map((a) => ({ type: 'cancel' as const, activityInstanceId: a.id })),
          ],
        });
        return alive.id;
      } catch (error) {
        // Ended in between (its last node completed): start a new instance instead.
        if (!(error instanceof CamundaRestError) || (await client.findProcessInstance(alive.id))) {
          throw error;
        }
      }
    }
    const started = await client.startProcessInstance(mission.processDefinitionId, {
      businessKey: mission.code,
      variables,
      startInstructions: [{ type: 'startBeforeActivity', activityId: nodeId }],
      skipCustomListeners: true,
      skipIoMappings: true,
    });
    return started.id;
  }

  /** The outputs of the latest successful run of each node in `nodeIds`, as their variables. */
  private async outputsBefore(mission: Mission, nodeIds: string[]): Promise<VariableMap> {
    if (!nodeIds.length) return {};
    const rows = await this.db.getRepository(MissionLog).find({
      select: { id: true, nodeId: true, outputs: true },
      where: { missionId: mission.id, status: MISSION_LOG_STATUS.success, nodeId: In(nodeIds) },
      order: { id: 'DESC' },
    });
    const variables: VariableMap = {};
    for (const row of rows) {
      const name = outputVariable(row.nodeId);
      if (name in variables || row.outputs === null || row.outputs === undefined) continue;
      variables[name] = jsonTextVariable(row.outputs);
    }
    return variables;
  }
}

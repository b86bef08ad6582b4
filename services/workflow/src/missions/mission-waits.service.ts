import { Injectable, Logger } from '@nestjs/common';
import {
  type ChatFileView,
  DomainError,
  humanTaskWait,
  MISSION_STATUS,
  type MissionAskView,
  missionMove,
  type MissionRepliedView,
  type MissionStartedView,
  type MissionStatus,
  type MissionWaitKind,
  type MissionWaitState,
  type MissionWaitView,
  renderMessage,
  reviewsMissions,
  reviewVariable,
} from '@platform/contracts';
import type {
  MissionAskUserBody,
  MissionReplyRpcBody,
  MissionReviewRpcBody,
} from '@platform/contracts/dto';
import type { TaskDto } from '@platform/engine-client';
import { type DataSource, type EntityManager, In } from 'typeorm';

import { ChatMessage, Conversation } from '../chat/conversation.entity';
import { isDuplicateEntry, iso, unique } from '../common/commands';
import { InjectWorkflowDb } from '../database/inject';
import { EngineConnection } from '../engine/engine-connection';
import { deleteProcessInstanceSurely } from '../engine/instance-deletion';
import { Mission } from './mission.entity';
import { MissionAccess, type MissionCaller } from './mission-access';
import { MissionDiagrams } from './mission-diagrams';
import { MissionMoves, MissionPushes } from './mission-events';
import { MissionRunsService } from './mission-runs.service';
import { MissionWait } from './mission-wait.entity';
import { missionState } from './missions.mapper';

const S = MISSION_STATUS;
const ADMIN_WAITS: MissionWaitKind[] = ['admin_review', 'admin_confirm'];
/** Missions whose instance may have reached a user task, or whose task may have been done elsewhere. */
const WATCHED: readonly MissionStatus[] = [
  S.notStarted,
  S.inProgress,
  S.adminReview,
  S.adminConfirm,
];

/**
 * People in the loop. An agent asks the owner (askUser from the worker): the mission waits in
 * user_input while the worker keeps the node's external task locked; the owner's reply is stored
 * and unlocks the task, so a worker fetches it again and, asking the same question, is answered
 * with the reply. A user task for people (a Human node) makes the mission wait for an
 * administrator (admin_review, or admin_confirm when its descriptor says `"review": "confirm"`):
 * found in the engine by the reconciler (or right after an approval or a rerun); approve
 * completes the task, reject deletes the instance and stops the mission with the reason. Every
 * wait closes once, by compare-and-set on its `open` state, before anything else changes.
 */
@Injectable()
export class MissionWaitsService {
  private readonly logger = new Logger(MissionWaitsService.name);

  constructor(
    @InjectWorkflowDb() private readonly db: DataSource,
    private readonly access: MissionAccess,
    private readonly runs: MissionRunsService,
    private readonly moves: MissionMoves,
    private readonly pushes: MissionPushes,
    private readonly engine: EngineConnection,
    private readonly diagrams: MissionDiagrams,
  ) {}

  /** The worker: node `nodeId` asks the owner. Idempotent per (run, node, attempt, seq). */
  async ask(body: MissionAskUserBody): Promise<MissionAskView> {
    const mission = await this.runs.current(body);
    const attempt = body.attempt ?? 1;
    const waitKey = `ask:${body.runId}:${body.nodeId}:${attempt}:${body.seq ?? 1}`;
    const repo = this.db.getRepository(MissionWait);
    let wait = await repo.findOneBy({ waitKey });
    if (!wait) {
      // Another node of the run may already wait for the owner: then only the question is added.
      const waiting = mission.status === S.userInput;
      const move = missionMove('askUser', mission.status);
      if (!waiting && !move.ok) throw new DomainError(move.refusal);
      const created = await this.open({
        waitKey,
        missionId: mission.id,
        runId: body.runId,
        nodeId: body.nodeId,
        kind: 'user_input',
        question: body.question,
        questionEn: body.questionEn ?? null,
        externalTaskId: body.externalTaskId ?? null,
      });
      wait = created.wait;
      if (created.fresh) {
        const detail = {
          nodeId: body.nodeId,
          attempt,
          question: body.question,
          ...(body.questionEn ? { questionEn: body.questionEn } : {}),
        };
        if (waiting) await this.pushes.status(mission, 'askUser', detail);
        else {
          await this.moves
            .move(mission, 'askUser', {}, { detail })
            .catch(async (error: unknown) => {
              await this.close(wait!, 'cancelled');
              throw error;
            });
        }
      }
    } else if (
      wait.state === 'open' &&
      body.externalTaskId &&
      body.externalTaskId !== wait.externalTaskId
    ) {
      // Asked again by the worker that fetched the task after a lock ran out.
      await repo.update({ id: wait.id }, { externalTaskId: body.externalTaskId });
    }
    if (wait.state === 'cancelled') throw new DomainError('mission.status_mismatch');
    return {
      waitId: Number(wait.id),
      status: wait.state === 'answered' ? 'answered' : 'waiting',
      reply:
        wait.state === 'answered' && wait.reply
          ? {
              text: wait.reply.text,
              files: wait.reply.files,
              userId: Number(wait.answeredBy ?? 0),
              repliedAt: iso(wait.answeredAt),
            }
          : null,
    };
  }

  /** The owner (or an administrator) answers the oldest open question of the current run. */
  async reply(body: MissionReplyRpcBody, caller: MissionCaller): Promise<MissionRepliedView> {
    const mission = await this.access.byId(caller, body.id);
    const move = missionMove('reply', mission.status);
    if (!move.ok) throw new DomainError(move.refusal);
    const text = body.text?.trim() ?? '';
    const files = body.files ?? [];
    if (!text && !files.length) throw new DomainError('mission.reply_required');
    const wait = await this.openWait(mission, ['user_input']);
    if (!wait) throw new DomainError('mission.wait_missing');
    const answered = await this.answer(mission, wait, text, files, caller.userId);
    if (!answered) throw new DomainError('mission.status_mismatch');
    const next = await this.openWait(mission, ['user_input']);
    if (next) {
      // Another node still waits for the owner: the mission stays in user_input.
      await this.pushes.status(mission, 'reply', {
        nodeId: next.nodeId,
        question: next.question ?? '',
        ...(next.questionEn ? { questionEn: next.questionEn } : {}),
      });
      await this.unlock(mission, wait);
      return { ...missionState(mission), messageId: answered.messageId };
    }
    const moved = await this.moves
      .move(
        mission,
        'reply',
        { updateBy: String(caller.userId) },
        { detail: { nodeId: wait.nodeId } },
      )
      .catch(async (error: unknown) => {
        await this.reopen(wait, answered.messageId);
        throw error;
      });
    await this.unlock(mission, wait);
    return { ...missionState(moved), messageId: answered.messageId };
  }

  /** A reviewer approves (the task completes) or rejects (the mission stops) a review. */
  async review(body: MissionReviewRpcBody, caller: MissionCaller): Promise<MissionStartedView> {
    if (!reviewsMissions(caller)) {
      throw new DomainError('mission.review_not_permitted', {}, 403);
    }
    const mission = await this.access.readableById(caller, body.id);
    const move = missionMove(body.approve ? 'approve' : 'reject', mission.status);
    if (!move.ok) throw new DomainError(move.refusal);
    const wait = await this.openWait(mission, ADMIN_WAITS);
    if (!wait) throw new DomainError('mission.wait_missing');
    const reason = body.reason?.trim() ?? '';
    const closed = await this.close(wait, body.approve ? 'approved' : 'rejected', {
      reason: reason || null,
      answeredBy: caller.userId,
      answeredAt: new Date(),
    });
    if (!closed) throw new DomainError('mission.status_mismatch');
    return body.approve
      ? this.approve(mission, wait, reason, caller)
      : this.reject(mission, wait, reason, caller);
  }

  /** What the mission waits for now, if it waits. */
  async current(mission: Mission): Promise<MissionWaitView | null> {
    const kinds: Partial<Record<MissionStatus, MissionWaitKind[]>> = {
      [S.userInput]: ['user_input'],
      [S.adminReview]: ADMIN_WAITS,
      [S.adminConfirm]: ADMIN_WAITS,
    };
    const wanted = kinds[mission.status];
    const wait = wanted ? await this.openWait(mission, wanted) : null;
    return wait
      ? {
          id: Number(wait.id),
          kind: wait.kind,
          runId: wait.runId,
          nodeId: wait.nodeId,
          question: wait.question ?? '',
          questionEn: wait.questionEn ?? '',
          createdAt: iso(wait.createTime),
        }
      : null;
  }

  /** A new run replaces the old one: what the old one waited for is no longer asked. */
  async cancelOpen(missionId: number): Promise<void> {
    await this.db
      .getRepository(MissionWait)
      .update({ missionId, state: 'open' }, { state: 'cancelled' });
  }

  /**
   * Finds user tasks for people that the missions' instances reached (the mission then waits for
   * an administrator) and user tasks that were completed outside the platform (Tasklist: the
   * mission goes on). One task query per process definition; the number of missions moved.
   */
  async reconcile(missions: Mission[]): Promise<number> {
    const watched = missions.filter((m) => m.processInstanceId && WATCHED.includes(m.status));
    if (!watched.length) return 0;
    const tasks = new Map<string, TaskDto[]>();
    for (const definitionId of unique(watched.map((m) => m.processDefinitionId))) {
      for (const task of await this.engine.client.tasks({ processDefinitionId: definitionId })) {
        tasks.set(task.processInstanceId, [...(tasks.get(task.processInstanceId) ?? []), task]);
      }
    }
    let moved = 0;
    for (const mission of watched) {
      try {
        if (await this.reconcileOne(mission, tasks.get(mission.processInstanceId!) ?? [])) {
          moved += 1;
        }
      } catch (error) {
        // A move another writer made first (a stop, a report): judged again next round.
        if (!(error instanceof DomainError)) throw error;
      }
    }
    return moved;
  }

  /** The same for one mission, right after its instance moved on (approval, rerun). */
  async reconcileMission(mission: Mission): Promise<void> {
    if (!mission.processInstanceId) return;
    try {
      const tasks = await this.engine.client.tasks({
        processInstanceId: mission.processInstanceId,
      });
      await this.reconcileOne(mission, tasks);
    } catch (error) {
      // The reconciler finds it on its next round.
      this.logger.warn(`mission ${mission.code}: user tasks not read: ${String(error)}`);
    }
  }

  private async reconcileOne(mission: Mission, tasks: TaskDto[]): Promise<boolean> {
    if (mission.status === S.notStarted || mission.status === S.inProgress) {
      const ordered = [...tasks].sort((a, b) => a.created.localeCompare(b.created));
      for (const task of ordered) {
        const human = humanTaskWait(
          (await this.diagrams.of(mission))?.documentation.get(task.taskDefinitionKey),
        );
        const { wait, fresh } = await this.open({
          waitKey: `task:${task.id}`,
          missionId: mission.id,
          runId: mission.currentRunId ?? '',
          nodeId: task.taskDefinitionKey,
          kind: human.kind,
          question: human.instruction,
          questionEn: null,
          taskId: task.id,
        });
        // Approved or rejected already (its completion is under way), or of an older run.
        if (wait.state !== 'open') continue;
        await this.moves
          .move(
            mission,
            human.kind === 'admin_confirm' ? 'awaitConfirm' : 'awaitReview',
            {},
            { detail: { nodeId: wait.nodeId, question: wait.question ?? '' } },
          )
          .catch(async (error: unknown) => {
            // The mission moved meanwhile (an incident, a stop): not waiting for this review.
            if (fresh) await this.close(wait, 'cancelled');
            throw error;
          });
        return true;
      }
      return false;
    }
    const wait = await this.openWait(mission, ADMIN_WAITS);
    if (!wait?.taskId || tasks.some((t) => t.id === wait.taskId)) return false;
    // The task was completed elsewhere (the engine's Tasklist): the mission goes on.
    if (!(await this.close(wait, 'approved', { answeredAt: new Date() }))) return false;
    await this.moves.move(mission, 'approve', {}, { detail: { nodeId: wait.nodeId } });
    return true;
  }

  private async approve(
    mission: Mission,
    wait: MissionWait,
    reason: string,
    caller: MissionCaller,
  ): Promise<MissionStartedView> {
    const previous = mission.status;
    const moved = await this.moves
      .move(
        mission,
        'approve',
        { updateBy: String(caller.userId) },
        { detail: { nodeId: wait.nodeId } },
      )
      .catch(async (error: unknown) => {
        await this.reopen(wait);
        throw error;
      });
    try {
      await this.engine.client.completeTask(wait.taskId!, {
        variables: {
          [reviewVariable(wait.nodeId)]: {
            type: 'Json',
            value: JSON.stringify({ approved: true, reason, reviewerId: caller.userId }),
          },
        },
      });
    } catch (error) {
      if (await this.taskExists(wait.taskId!)) {
        this.logger.warn(`mission ${mission.code}: review not completed: ${String(error)}`);
        // As if nothing happened: the mission waits for the review again.
        await this.db
          .getRepository(Mission)
          .update({ id: mission.id, status: S.inProgress }, { status: previous });
        await this.reopen(wait);
        throw new DomainError('bpm.engine_unavailable', {}, 503);
      }
      // Gone already (completed in the engine's Tasklist): the mission goes on all the same.
    }
    await this.reconcileMission(moved);
    return missionState(moved);
  }

  private async reject(
    mission: Mission,
    wait: MissionWait,
    reason: string,
    caller: MissionCaller,
  ): Promise<MissionStartedView> {
    if (mission.processInstanceId) {
      try {
        await deleteProcessInstanceSurely(this.engine.client, mission.processInstanceId);
      } catch (error) {
        this.logger.warn(`mission ${mission.code}: the instance was not deleted: ${String(error)}`);
        await this.reopen(wait);
        throw new DomainError('bpm.engine_unavailable', {}, 503);
      }
    }
    const error = (reason || renderMessage('mission.rejected', mission.language)).slice(0, 4000);
    const stopped = await this.moves.move(
      mission,
      'reject',
      { error, endedAt: new Date(), updateBy: String(caller.userId) },
      // The reconciler may have seen the deleted instance first (then stopped without a reason).
      { idempotent: true, push: 'always', detail: { nodeId: wait.nodeId, error } },
    );
    if (stopped.error !== error) {
      await this.db.getRepository(Mission).update({ id: mission.id }, { error });
      stopped.error = error;
    }
    return missionState(stopped);
  }

  /** Tells the engine the node that asked may run again: a worker fetches it and gets the reply. */
  private async unlock(mission: Mission, wait: MissionWait): Promise<void> {
    const client = this.engine.client;
    try {
      const ids = wait.externalTaskId
        ? [wait.externalTaskId]
        : mission.processInstanceId
          ? (
              await client.externalTasks({
                processInstanceId: mission.processInstanceId,
                activityId: wait.nodeId,
              })
            ).map((t) => t.id)
          : [];
      for (const id of ids) await client.unlockExternalTask(id);
    } catch (error) {
      // The worker's lock runs out in the end; asking again, it is answered with the reply.
      this.logger.warn(
        `mission ${mission.code}: the asking task was not unlocked: ${String(error)}`,
      );
    }
  }

  private async taskExists(taskId: string): Promise<boolean> {
    return this.engine.client.tasks({ taskId }).then(
      (tasks) => tasks.length > 0,
      () => true,
    );
  }

  /** The oldest open wait of the mission's current run among `kinds`. */
  private openWait(mission: Mission, kinds: MissionWaitKind[]): Promise<MissionWait | null> {
    return this.db.getRepository(MissionWait).findOne({
      where: {
        missionId: mission.id,
        runId: mission.currentRunId ?? '',
        state: 'open',
        kind: In(kinds),
      },
      order: { id: 'ASC' },
    });
  }

  /** Opens a wait once per key: `fresh` when this call opened it. */
  private async open(
    values: Pick<MissionWait, 'waitKey' | 'missionId' | 'runId' | 'nodeId' | 'kind' | 'question'> &
      Partial<MissionWait>,
  ): Promise<{ wait: MissionWait; fresh: boolean }> {
    const repo = this.db.getRepository(MissionWait);
    try {
      await repo.insert({ ...values, state: 'open' });
      return { wait: await repo.findOneByOrFail({ waitKey: values.waitKey }), fresh: true };
    } catch (error) {
      if (!isDuplicateEntry(error)) throw error;
      return { wait: await repo.findOneByOrFail({ waitKey: values.waitKey }), fresh: false };
    }
  }

  /**
   * Closes the owner's question with their reply and, when the mission belongs to a conversation,
   * writes the reply there as the owner's message, in one transaction: a reload of the chat shows
   * the answer where it was given, its files by the names the user gave them. The agent gets the
   * stored names. False when the question was answered already.
   */
  private async answer(
    mission: Mission,
    wait: MissionWait,
    text: string,
    files: ChatFileView[],
    userId: number,
  ): Promise<{ messageId: number | null } | false> {
    return this.db.transaction(async (manager) => {
      const reply = { text, files: files.map((f) => f.fileName) };
      const changes = { reply, answeredBy: userId, answeredAt: new Date() };
      if (!(await this.close(wait, 'answered', changes, manager))) return false;
      if (mission.conversationId === null) return { messageId: null };
      const messages = manager.getRepository(ChatMessage);
      const message = await messages.save(
        messages.create({
          conversationId: mission.conversationId,
          role: 'user',
          content: text,
          files: files.length ? files : null,
          missionId: mission.id,
          agent: null,
          status: 'complete',
        }),
      );
      await manager
        .getRepository(Conversation)
        .update({ id: mission.conversationId }, { updateTime: new Date() });
      return { messageId: Number(message.id) };
    });
  }

  /** Closes an open wait (compare-and-set): false when it was closed already. */
  private async close(
    wait: MissionWait,
    state: MissionWaitState,
    changes: Partial<Pick<MissionWait, 'reply' | 'reason' | 'answeredBy' | 'answeredAt'>> = {},
    manager: EntityManager = this.db.manager,
  ): Promise<boolean> {
    const result = await manager
      .getRepository(MissionWait)
      .createQueryBuilder()
      .update(MissionWait)
      .set({ ...changes, state })
      .where('id = :id AND state = :open', { id: wait.id, open: 'open' })
      .execute();
    if (!result.affected) return false;
    Object.assign(wait, changes, { state });
    return true;
  }

  /** Undoes a close whose mission could not move (and the answer it wrote into the conversation). */
  private async reopen(wait: MissionWait, answerMessageId: number | null = null): Promise<void> {
    await this.db.transaction(async (manager) => {
      await manager
        .getRepository(MissionWait)
        .update(
          { id: wait.id },
          { state: 'open', reply: null, reason: null, answeredBy: null, answeredAt: null },
        );
      if (answerMessageId !== null) {
        await manager.getRepository(ChatMessage).delete({ id: answerMessageId });
      }
    });
  }
}

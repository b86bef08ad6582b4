import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { WORKFLOW_PATTERNS } from '@platform/contracts';
import {
  commandOf,
  IdBody,
  MissionAskUserBody,
  MissionCompletedBody,
  MissionFailedBody,
  MissionListQuery,
  MissionLogListQuery,
  MissionNodeBody,
  MissionNodeEndedBody,
  MissionReplyRpcBody,
  MissionRerunRpcBody,
  MissionReviewRpcBody,
  MissionStartBody,
} from '@platform/contracts/dto';

import { missionCallerOf } from './mission-access';
import { MissionRerunsService } from './mission-reruns.service';
import { MissionRunsService } from './mission-runs.service';
import { MissionWaitsService } from './mission-waits.service';
import { MissionsService } from './missions.service';

class StartCommand extends commandOf(MissionStartBody) {}
class ListCommand extends commandOf(MissionListQuery) {}
class IdCommand extends commandOf(IdBody) {}
class LogListCommand extends commandOf(MissionLogListQuery) {}
class RerunCommand extends commandOf(MissionRerunRpcBody) {}
class ReplyCommand extends commandOf(MissionReplyRpcBody) {}
class ReviewCommand extends commandOf(MissionReviewRpcBody) {}

/**
 * Message handlers of missions: the user's commands (through the gateway, with its caller) and the
 * reports of the agent worker and the engine (internal patterns: a bare payload, no caller).
 */
@Controller()
export class MissionsController {
  constructor(
    private readonly missions: MissionsService,
    private readonly runs: MissionRunsService,
    private readonly reruns: MissionRerunsService,
    private readonly waits: MissionWaitsService,
  ) {}

  @MessagePattern(WORKFLOW_PATTERNS.missionStart)
  start(@Payload() command: StartCommand) {
    return this.missions.start(
      command.body,
      missionCallerOf(command),
      command.client.lang,
      command.idempotencyKey,
    );
  }

  @MessagePattern(WORKFLOW_PATTERNS.missionList)
  list(@Payload() command: ListCommand) {
    return this.missions.list(command.body, missionCallerOf(command));
  }

  @MessagePattern(WORKFLOW_PATTERNS.missionGet)
  get(@Payload() command: IdCommand) {
    return this.missions.get(command.body.id, missionCallerOf(command));
  }

  @MessagePattern(WORKFLOW_PATTERNS.missionStop)
  stop(@Payload() command: IdCommand) {
    return this.missions.stop(command.body.id, missionCallerOf(command));
  }

  @MessagePattern(WORKFLOW_PATTERNS.missionRerun)
  rerun(@Payload() command: RerunCommand) {
    return this.reruns.rerun(command.body, missionCallerOf(command));
  }

  @MessagePattern(WORKFLOW_PATTERNS.missionReply)
  reply(@Payload() command: ReplyCommand) {
    return this.waits.reply(command.body, missionCallerOf(command));
  }

  @MessagePattern(WORKFLOW_PATTERNS.missionReview)
  review(@Payload() command: ReviewCommand) {
    return this.waits.review(command.body, missionCallerOf(command));
  }

  @MessagePattern(WORKFLOW_PATTERNS.missionLogList)
  logs(@Payload() command: LogListCommand) {
    return this.missions.logs(command.body, missionCallerOf(command));
  }

  @MessagePattern(WORKFLOW_PATTERNS.missionNodeStarted)
  nodeStarted(@Payload() body: MissionNodeBody) {
    return this.runs.nodeStarted(body);
  }

  @MessagePattern(WORKFLOW_PATTERNS.missionNodeEnded)
  nodeEnded(@Payload() body: MissionNodeEndedBody) {
    return this.runs.nodeEnded(body);
  }

  @MessagePattern(WORKFLOW_PATTERNS.missionCompleted)
  completed(@Payload() body: MissionCompletedBody) {
    return this.runs.completed(body);
  }

  @MessagePattern(WORKFLOW_PATTERNS.missionFailed)
  failed(@Payload() body: MissionFailedBody) {
    return this.runs.failed(body);
  }

  @MessagePattern(WORKFLOW_PATTERNS.missionAskUser)
  askUser(@Payload() body: MissionAskUserBody) {
    return this.waits.ask(body);
  }
}

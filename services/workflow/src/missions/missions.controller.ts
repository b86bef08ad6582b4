import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { WORKFLOW_PATTERNS } from '@platform/contracts';
import {
  commandOf,
  IdBody,
  MissionCompletedBody,
  MissionFailedBody,
  MissionListQuery,
  MissionLogListQuery,
  MissionNodeBody,
  MissionNodeEndedBody,
  MissionStartBody,
} from '@platform/contracts/dto';

import { missionCallerOf } from './mission-access';
import { MissionRunsService } from './mission-runs.service';
import { MissionsService } from './missions.service';

class StartCommand extends commandOf(MissionStartBody) {}
class ListCommand extends commandOf(MissionListQuery) {}
class IdCommand extends commandOf(IdBody) {}
class LogListCommand extends commandOf(MissionLogListQuery) {}

/**
 * Message handlers of missions: the user's commands (through the gateway, with its caller) and the
 * reports of the agent worker and the engine (internal patterns: a bare payload, no caller).
 */
@Controller()
export class MissionsController {
  constructor(
    private readonly missions: MissionsService,
    private readonly runs: MissionRunsService,
  ) {}

  @MessagePattern(WORKFLOW_PATTERNS.missionStart)
  start(@Payload() command: StartCommand) {
    return this.missions.start(command.body, missionCallerOf(command), command.client.lang);
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
}

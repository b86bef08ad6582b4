import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { BILLING_MISSION_PATTERNS } from '@platform/contracts';
import {
  commandOf,
  FrozenRestoreRpcBody,
  MissionFreezeBody,
  MissionHoldRefBody,
} from '@platform/contracts/dto';

import { MissionHoldsService } from './mission-holds.service';
import { operatorOf } from './operator';

class RestoreCommand extends commandOf(FrozenRestoreRpcBody) {}

/**
 * Mission costs: the workflow service's freeze, settle and release (internal patterns, a bare
 * payload) and the administrator's restore of frozen points (through the gateway, with its caller).
 */
@Controller()
export class MissionsController {
  constructor(private readonly holds: MissionHoldsService) {}

  @MessagePattern(BILLING_MISSION_PATTERNS.freeze)
  freeze(@Payload() body: MissionFreezeBody) {
    return this.holds.freeze(body);
  }

  @MessagePattern(BILLING_MISSION_PATTERNS.settle)
  settle(@Payload() body: MissionHoldRefBody) {
    return this.holds.settle(body);
  }

  @MessagePattern(BILLING_MISSION_PATTERNS.release)
  release(@Payload() body: MissionHoldRefBody) {
    return this.holds.release(body);
  }

  @MessagePattern(BILLING_MISSION_PATTERNS.restoreFrozen)
  restoreFrozen(@Payload() command: RestoreCommand) {
    return this.holds.restoreFrozen(command.body, operatorOf(command.caller?.userId));
  }
}

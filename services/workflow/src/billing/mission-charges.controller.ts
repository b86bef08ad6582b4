import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { MISSION_ACTIVE_STATUSES, WORKFLOW_BILLING_PATTERNS } from '@platform/contracts';
import { commandOf, UserIdBody } from '@platform/contracts/dto';
import { type DataSource, In } from 'typeorm';

import { InjectWorkflowDb } from '../database/inject';
import { Mission } from '../missions/mission.entity';

class UserIdCommand extends commandOf(UserIdBody) {}

/** What billing's admin actions ask of missions (through the gateway, which checked the permission). */
@Controller()
export class MissionChargesController {
  constructor(@InjectWorkflowDb() private readonly db: DataSource) {}

  /** Codes of the user's running missions: a restore of frozen points leaves their holds alone. */
  @MessagePattern(WORKFLOW_BILLING_PATTERNS.runningMissionCodes)
  async runningCodes(@Payload() command: UserIdCommand): Promise<string[]> {
    const rows = await this.db.getRepository(Mission).find({
      select: { id: true, code: true },
      where: { ownerUserId: command.body.userId, status: In([...MISSION_ACTIVE_STATUSES]) },
    });
    return rows.map((row) => row.code);
  }
}

import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { BILLING_MISSION_PATTERNS } from '@platform/contracts';
import {
  commandOf,
  InvitationFlagIdBody,
  InvitationFlagListQuery,
  PointsSummariesBody,
} from '@platform/contracts/dto';

import { operatorOf } from '../missions/operator';
import { InvitationsService } from './invitations.service';

class FlagListCommand extends commandOf(InvitationFlagListQuery) {}
class FlagCommand extends commandOf(InvitationFlagIdBody) {}
class SummariesCommand extends commandOf(PointsSummariesBody) {}

/** The admin user page's billing side and abnormal invitations (the gateway checks the permission). */
@Controller()
export class InvitationsController {
  constructor(private readonly invitations: InvitationsService) {}

  @MessagePattern(BILLING_MISSION_PATTERNS.summaries)
  summaries(@Payload() command: SummariesCommand) {
    return this.invitations.summaries(command.body.userIds);
  }

  @MessagePattern(BILLING_MISSION_PATTERNS.invitationFlags)
  flags(@Payload() command: FlagListCommand) {
    return this.invitations.flags(command.body);
  }

  @MessagePattern(BILLING_MISSION_PATTERNS.invitationDeduct)
  deduct(@Payload() command: FlagCommand) {
    return this.invitations.deduct(
      command.body.flagId,
      operatorOf(command.caller?.userId),
      command.body.remark,
    );
  }

  @MessagePattern(BILLING_MISSION_PATTERNS.invitationDismiss)
  dismiss(@Payload() command: FlagCommand) {
    return this.invitations.dismiss(
      command.body.flagId,
      operatorOf(command.caller?.userId),
      command.body.remark,
    );
  }
}

import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { BILLING_PATTERNS, DomainError, hasPermission, PERMISSIONS } from '@platform/contracts';
import type { Caller } from '@platform/contracts/dto';
import {
  commandOf,
  PointsAccountQuery,
  PointsAdminChangeRpcBody,
  PointsListQuery,
} from '@platform/contracts/dto';

import { PointsService } from './points.service';

class AccountCommand extends commandOf(PointsAccountQuery) {}
class ListCommand extends commandOf(PointsListQuery) {}
class AdminChangeCommand extends commandOf(PointsAdminChangeRpcBody) {}
class EmptyBody {}
class EmptyCommand extends commandOf(EmptyBody) {}

/** The caller of a command about points; the gateway has already checked whose account it may read. */
function targetOf(command: { caller?: { userId: number }; body: { userId?: number } }): number {
  const userId = command.body.userId ?? command.caller?.userId;
  if (!userId) throw new DomainError('http.401', {}, 401);
  return userId;
}

/**
 * Changing anyone's points and proving the ledger belong to whoever holds wujie:user:points (the
 * gateway checks the same): the permission decides, not the administrator flag, so a role made for
 * finance can do both.
 */
function requirePointsOperator(caller: Caller | undefined): void {
  if (!caller) throw new DomainError('http.401', {}, 401);
  if (!hasPermission(caller.permissions, PERMISSIONS.wujie.user.points)) {
    throw new DomainError('http.403', {}, 403);
  }
}

@Controller()
export class PointsController {
  constructor(private readonly points: PointsService) {}

  @MessagePattern(BILLING_PATTERNS.account)
  account(@Payload() command: AccountCommand) {
    return this.points.account(targetOf(command));
  }

  @MessagePattern(BILLING_PATTERNS.entries)
  entries(@Payload() command: ListCommand) {
    return this.points.entries(targetOf(command), command.body, command.client.lang);
  }

  @MessagePattern(BILLING_PATTERNS.adminChange)
  async adminChange(@Payload() command: AdminChangeCommand) {
    requirePointsOperator(command.caller);
    const result = await this.points.adminChange(command.body);
    return { userId: command.body.userId, balance: result.balance, frozen: result.frozen };
  }

  @MessagePattern(BILLING_PATTERNS.rewardConfig)
  rewardConfig(@Payload() command: EmptyCommand) {
    return this.points.rewardConfig(command.client.lang);
  }

  @MessagePattern(BILLING_PATTERNS.ledgerCheck)
  check(@Payload() command: EmptyCommand) {
    requirePointsOperator(command.caller);
    return this.points.check();
  }
}

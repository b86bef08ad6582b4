import { Injectable } from '@nestjs/common';
import { DomainError } from '@platform/contracts';
import type { Caller } from '@platform/contracts/dto';
import type { DataSource, ObjectLiteral, SelectQueryBuilder } from 'typeorm';

import { InjectWorkflowDb } from '../database/inject';
import { Mission } from './mission.entity';

/** Who asks about missions: a user sees and acts on their own; an administrator on all. */
export interface MissionCaller {
  userId: number;
  admin: boolean;
}

/** The caller of a user-facing mission command (the gateway only forwards signed-in calls). */
export function missionCallerOf(command: { caller?: Caller }): MissionCaller {
  if (!command.caller) throw new DomainError('auth.session_invalid', {}, 401);
  return { userId: command.caller.userId, admin: command.caller.admin === true };
}

/**
 * The one place where a mission a request names is checked against the caller: a missing one is
 * 404, another user's is 403 "You have no permission to access this data" (as the console's data
 * scope answers), and lists are limited to the caller's own unless they are an administrator.
 */
@Injectable()
export class MissionAccess {
  constructor(@InjectWorkflowDb() private readonly db: DataSource) {}

  async byId(caller: MissionCaller, id: number): Promise<Mission> {
    return this.allowed(caller, await this.db.getRepository(Mission).findOneBy({ id }));
  }

  async byCode(caller: MissionCaller, code: string): Promise<Mission> {
    return this.allowed(caller, await this.db.getRepository(Mission).findOneBy({ code }));
  }

  /** Limits a query over missions (alias `alias`) to what the caller may see. */
  scope<T extends ObjectLiteral>(
    qb: SelectQueryBuilder<T>,
    caller: MissionCaller,
    alias: string,
  ): SelectQueryBuilder<T> {
    return caller.admin
      ? qb
      : qb.andWhere(`${alias}.ownerUserId = :scopeOwner`, { scopeOwner: caller.userId });
  }

  private allowed(caller: MissionCaller, mission: Mission | null): Mission {
    if (!mission) throw new DomainError('mission.not_found', {}, 404);
    if (!caller.admin && Number(mission.ownerUserId) !== caller.userId) {
      throw new DomainError('datascope.denied', {}, 403);
    }
    return mission;
  }
}

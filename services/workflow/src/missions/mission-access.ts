import { Injectable } from '@nestjs/common';
import { DomainError, hasPermission, PERMISSIONS } from '@platform/contracts';
import type { Caller } from '@platform/contracts/dto';
import type { DataSource, ObjectLiteral, SelectQueryBuilder } from 'typeorm';

import { InjectWorkflowDb } from '../database/inject';
import { Mission } from './mission.entity';

/**
 * Who asks about missions: a user sees and acts on their own; an administrator on all. A reviewer
 * (who holds wujie:mission:review, admin or not: the permission decides) sees every mission, to find
 * and judge those waiting for review, but acts on no one else's otherwise.
 */
export interface MissionCaller {
  userId: number;
  admin: boolean;
  reviewer: boolean;
}

/** The caller of a user-facing mission command (the gateway only forwards signed-in calls). */
export function missionCallerOf(command: { caller?: Caller }): MissionCaller {
  const { caller } = command;
  if (!caller) throw new DomainError('auth.session_invalid', {}, 401);
  return {
    userId: caller.userId,
    admin: caller.admin === true,
    reviewer: hasPermission(caller.permissions, PERMISSIONS.wujie.mission.review),
  };
}

/** Whether the caller may see every user's missions (not only act on them). */
export function seesEveryMission(caller: MissionCaller): boolean {
  return caller.admin || caller.reviewer;
}

/**
 * The one place where a mission a request names is checked against the caller: a missing one is
 * 404, another user's is 403 "You have no permission to access this data" (as the console's data
 * scope answers), and lists are limited to the caller's own unless they see every mission. Reading
 * (`readable*`, `scope`) is allowed to reviewers; acting (`byId`) to the owner and administrators.
 */
@Injectable()
export class MissionAccess {
  constructor(@InjectWorkflowDb() private readonly db: DataSource) {}

  /** A mission the caller acts on (stop, rerun, reply). */
  async byId(caller: MissionCaller, id: number): Promise<Mission> {
    return this.allowed(
      caller.admin,
      caller,
      await this.db.getRepository(Mission).findOneBy({ id }),
    );
  }

  /** A mission the caller reads (its page, its node runs) or reviews. */
  async readableById(caller: MissionCaller, id: number): Promise<Mission> {
    const mission = await this.db.getRepository(Mission).findOneBy({ id });
    return this.allowed(seesEveryMission(caller), caller, mission);
  }

  async readableByCode(caller: MissionCaller, code: string): Promise<Mission> {
    const mission = await this.db.getRepository(Mission).findOneBy({ code });
    return this.allowed(seesEveryMission(caller), caller, mission);
  }

  /** Limits a query over missions (alias `alias`) to what the caller may see. */
  scope<T extends ObjectLiteral>(
    qb: SelectQueryBuilder<T>,
    caller: MissionCaller,
    alias: string,
  ): SelectQueryBuilder<T> {
    return seesEveryMission(caller)
      ? qb
      : qb.andWhere(`${alias}.ownerUserId = :scopeOwner`, { scopeOwner: caller.userId });
  }

  private allowed(anyOwner: boolean, caller: MissionCaller, mission: Mission | null): Mission {
    if (!mission) throw new DomainError('mission.not_found', {}, 404);
    if (!anyOwner && Number(mission.ownerUserId) !== caller.userId) {
      throw new DomainError('datascope.denied', {}, 403);
    }
    return mission;
  }
}

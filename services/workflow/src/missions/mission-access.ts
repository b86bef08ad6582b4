import { Injectable } from '@nestjs/common';
import { type Actor, actsOnMission, DomainError, seesEveryMission } from '@platform/contracts';
import type { Caller } from '@platform/contracts/dto';
import type { DataSource, ObjectLiteral, SelectQueryBuilder } from 'typeorm';

import { InjectWorkflowDb } from '../database/inject';
import { Mission } from './mission.entity';

/**
 * Who asks about missions (contracts' Actor): a user sees and acts on their own; an
 * administrator on all; a reviewer sees every mission, to find and judge those waiting for review,
 * but acts on no one else's otherwise (contracts: seesEveryMission, actsOnMission).
 */
export type MissionCaller = Actor;

/** The caller of a user-facing mission command (the gateway only forwards signed-in calls). */
export function missionCallerOf(command: { caller?: Caller }): MissionCaller {
  const { caller } = command;
  if (!caller) throw new DomainError('auth.session_invalid', {}, 401);
  return {
    userId: caller.userId,
    admin: caller.admin === true,
    permissions: caller.permissions ?? [],
  };
}

/**
 * The one place where a mission a request names is checked against the caller: a missing one and
 * one the caller may not see both answer 404 "mission not found", word for word (issue 25: a 403
 * would tell that the id exists), and lists are limited to the caller's own unless they see every
 * mission. Reading
 * (`readable*`, `scope`) is allowed to reviewers; acting (`byId`) to the owner and administrators
 * (a reviewer acting on another's mission, which they can see, is told 403).
 */
@Injectable()
export class MissionAccess {
  constructor(@InjectWorkflowDb() private readonly db: DataSource) {}

  /** A mission the caller acts on (stop, rerun, reply). */
  async byId(caller: MissionCaller, id: number): Promise<Mission> {
    const mission = this.readable(caller, await this.db.getRepository(Mission).findOneBy({ id }));
    // A reviewer sees it (so 403, not 404) but acts only on their own.
    if (!actsOnMission(caller, Number(mission.ownerUserId))) {
      throw new DomainError('datascope.denied', {}, 403);
    }
    return mission;
  }

  /** A mission the caller reads (its page, its node runs) or reviews. */
  async readableById(caller: MissionCaller, id: number): Promise<Mission> {
    return this.readable(caller, await this.db.getRepository(Mission).findOneBy({ id }));
  }

  async readableByCode(caller: MissionCaller, code: string): Promise<Mission> {
    return this.readable(caller, await this.db.getRepository(Mission).findOneBy({ code }));
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

  private readable(caller: MissionCaller, row: Mission | null): Mission {
    const mission = found(row);
    const own = Number(mission.ownerUserId) === caller.userId;
    return allowedIf(own || seesEveryMission(caller), mission);
  }
}

function found(mission: Mission | null): Mission {
  if (!mission) throw new DomainError('mission.not_found', {}, 404);
  return mission;
}

/** What the caller may not see "does not exist" for them. */
function allowedIf(allowed: boolean, mission: Mission): Mission {
  return found(allowed ? mission : null);
}

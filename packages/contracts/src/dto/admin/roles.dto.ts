import { Transform } from 'class-transformer';
import { IsBoolean, IsInt, Matches, Max, Min } from 'class-validator';

import { DATA_SCOPE_LEVELS, SORT_FIELDS, STATUS_VALUES } from '../../identity/admin';
import { OneOf, Optional, Required } from '../decorators';
import {
  blankToUndefined,
  Id,
  IdList,
  INVALID,
  OptionalInt,
  OptionalOneOf,
  OptionalText,
  RequiredText,
  toBoolean,
  toNumber,
} from './fields';
import { PageQueryBody, TimeRange } from './paging.dto';

// Roles: the list, the form, data scope, status and the users holding a role.

export class RoleQuery extends TimeRange {
  @OptionalOneOf(SORT_FIELDS.role)
  orderByColumn?: (typeof SORT_FIELDS.role)[number];

  @OptionalText(30)
  roleName?: string;

  @OptionalText(100)
  roleKey?: string;

  @OptionalOneOf(STATUS_VALUES)
  status?: '0' | '1';
}

export class RoleBody {
  @OptionalInt(1)
  roleId?: number;

  @RequiredText(30)
  roleName!: string;

  @OptionalText(60)
  roleNameEn?: string;

  @Transform(blankToUndefined)
  @Required()
  @Matches(/^[A-Za-z][A-Za-z0-9_:-]{0,99}$/, INVALID)
  roleKey!: string;

  @Transform(toNumber)
  @Required()
  @IsInt(INVALID)
  @Min(0, INVALID)
  @Max(9999, INVALID)
  roleSort!: number;

  @OptionalOneOf(STATUS_VALUES)
  status?: '0' | '1';

  @Optional()
  @Transform(toBoolean)
  @IsBoolean(INVALID)
  menuCheckStrictly?: boolean;

  @Optional()
  @Transform(toBoolean)
  @IsBoolean(INVALID)
  deptCheckStrictly?: boolean;

  @Optional()
  @IdList(2000)
  menuIds?: number[];

  @OptionalText(500)
  remark?: string;
}

export class RoleDataScopeBody {
  @Id()
  roleId!: number;

  @Required()
  @OneOf(DATA_SCOPE_LEVELS)
  dataScope!: string;

  @Optional()
  @IdList(2000)
  deptIds?: number[];
}

export class RoleStatusBody {
  @Id()
  roleId!: number;

  @Required()
  @OneOf(STATUS_VALUES)
  status!: '0' | '1';
}

export class RoleUsersQuery extends PageQueryBody {
  @Id()
  roleId!: number;

  @OptionalText(64)
  userName?: string;

  @OptionalText(20)
  phonenumber?: string;
}

export class RoleUsersBody {
  @Id()
  roleId!: number;

  @Required()
  @IdList(1000)
  userIds!: number[];
}

export class RoleUserBody {
  @Id()
  roleId!: number;

  @Id()
  userId!: number;
}

import { Transform } from 'class-transformer';
import { IsInt, Min } from 'class-validator';

import { STATUS_VALUES } from '../../identity/admin';
import { Email, Optional, Required } from '../decorators';
import {
  blankToUndefined,
  INVALID,
  OptionalInt,
  OptionalOneOf,
  OptionalText,
  RequiredText,
  toNumber,
} from './fields';

// Departments.

export class DeptQuery {
  @OptionalText(50)
  deptName?: string;

  @OptionalOneOf(STATUS_VALUES)
  status?: '0' | '1';
}

export class DeptBody {
  @OptionalInt(1)
  deptId?: number;

  @Transform(toNumber)
  @Required()
  @IsInt(INVALID)
  @Min(0, INVALID)
  parentId!: number;

  @RequiredText(50)
  deptName!: string;

  @OptionalText(100)
  deptNameEn?: string;

  @OptionalInt(0, 9999)
  orderNum?: number;

  @OptionalText(20)
  leader?: string;

  /** The department's head, a user (issue 29: the "department head" assignment dimension). */
  @OptionalInt(1)
  leaderUserId?: number;

  @OptionalText(20)
  phone?: string;

  @Optional()
  @Transform(blankToUndefined)
  @Email()
  email?: string;

  @OptionalOneOf(STATUS_VALUES)
  status?: '0' | '1';
}

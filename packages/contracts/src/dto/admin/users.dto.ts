import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, Matches, ValidateIf } from 'class-validator';

import { NICKNAME_MAX, USERNAME_PATTERN } from '../../common/rules';
import { IMPORT_MAX_ROWS, SEX_VALUES, SORT_FIELDS, STATUS_VALUES } from '../../identity/admin';
import {
  AreaCode,
  Email,
  MaxLen,
  OneOf,
  Optional,
  PhoneOfArea,
  Required,
  StrongPassword,
  Text,
} from '../decorators';
import {
  areaCode,
  blankToUndefined,
  Id,
  IdList,
  INVALID,
  OptionalInt,
  OptionalOneOf,
  OptionalText,
  RequiredText,
  toBoolean,
} from './fields';
import { TimeRange } from './paging.dto';

// Users: the list, the form, passwords, roles of a user, import, profile.

export class UserQuery extends TimeRange {
  @OptionalOneOf(SORT_FIELDS.user)
  orderByColumn?: (typeof SORT_FIELDS.user)[number];

  @OptionalText(64)
  userName?: string;

  @OptionalText(20)
  phonenumber?: string;

  @OptionalOneOf(STATUS_VALUES)
  status?: '0' | '1';

  @OptionalInt(1)
  deptId?: number;

  @OptionalInt(1)
  companyId?: number;

  /** Keyset paging of exports: rows with a larger user id, in id order. */
  @OptionalInt(0)
  afterId?: number;
}

export class UserBody {
  @OptionalInt(1)
  userId?: number;

  @OptionalInt(1)
  deptId?: number;

  @Transform(blankToUndefined)
  @Required()
  @Matches(USERNAME_PATTERN, { message: 'user.username_rule' })
  userName!: string;

  @RequiredText(NICKNAME_MAX)
  nickName!: string;

  /** Only when creating; an existing user's password changes through resetPwd. */
  @ValidateIf((o: UserBody) => !o.userId)
  @Required()
  @StrongPassword()
  password?: string;

  @Optional()
  @Transform(blankToUndefined)
  @Email()
  email?: string;

  @Optional()
  @Transform(areaCode)
  @AreaCode()
  qu?: string;

  @Optional()
  @Transform(blankToUndefined)
  @PhoneOfArea('qu')
  phonenumber?: string;

  @OptionalOneOf(SEX_VALUES)
  sex?: string;

  @OptionalOneOf(STATUS_VALUES)
  status?: '0' | '1';

  @OptionalText(500)
  remark?: string;

  @Optional()
  @IdList(50)
  roleIds?: number[];

  @Optional()
  @IdList(50)
  postIds?: number[];
}

export class ResetPwdBody {
  @Id()
  userId!: number;

  @Required()
  @StrongPassword()
  password!: string;
}

export class UserStatusBody {
  @Id()
  userId!: number;

  @Required()
  @OneOf(STATUS_VALUES)
  status!: '0' | '1';
}

export class AuthRoleBody {
  @Id()
  userId!: number;

  @Optional()
  @IdList(50)
  roleIds: number[] = [];
}

export class ImportUsersBody {
  @IsArray(INVALID)
  @ArrayMaxSize(IMPORT_MAX_ROWS, { message: 'import.too_many_rows' })
  rows!: Record<string, unknown>[];

  @Optional()
  @Transform(toBoolean)
  @IsBoolean(INVALID)
  updateSupport?: boolean;
}

export class ProfileBody {
  @RequiredText(NICKNAME_MAX)
  nickName!: string;

  @OptionalOneOf(SEX_VALUES)
  sex?: string;
}

export class UpdatePwdBody {
  @Required()
  @Text()
  @MaxLen(128)
  oldPassword!: string;

  @Required()
  @StrongPassword()
  newPassword!: string;
}

export class AvatarBody {
  @RequiredText(255)
  avatar!: string;
}

import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsInt, IsOptional } from 'class-validator';

import { MESSAGE_TYPES } from '../notification/messages-api';
import {
  IdList,
  INVALID,
  OptionalInt,
  OptionalOneOf,
  OptionalText,
  RequiredText,
  toBoolean,
} from './admin/fields';
import { PageQueryBody } from './admin/paging.dto';
import { OneOf, SafeLink } from './decorators';

const OptionalFlag = (): PropertyDecorator =>
  ((target: object, key: string | symbol) => {
    IsOptional()(target, key);
    Transform(toBoolean)(target, key);
    IsBoolean(INVALID)(target, key);
  }) as PropertyDecorator;

/** `POST /wujie/message`: exactly one of userId, roleId, all (checked by the service). */
export class SendMessageBody {
  @OptionalInt(1)
  userId?: number;

  @OptionalInt(1)
  roleId?: number;

  @OptionalFlag()
  all?: boolean;

  @RequiredText(200)
  title!: string;

  @RequiredText(200)
  titleEn!: string;

  @RequiredText(5000)
  content!: string;

  @RequiredText(5000)
  contentEn!: string;

  @OptionalText(300)
  @SafeLink()
  link?: string;
}

/** `GET /wujie/message/list`: the caller's own messages, newest first. */
export class MessageQuery extends PageQueryBody {
  /** '0' unread, '1' read; unset: both. */
  @OptionalOneOf(['0', '1'])
  read?: '0' | '1';

  @OptionalOneOf(MESSAGE_TYPES)
  type?: (typeof MESSAGE_TYPES)[number];
}

/** `PUT /wujie/message/read`: some of the caller's messages, or all of them. */
export class ReadMessagesBody {
  @IsOptional()
  @IdList(500)
  ids?: number[];

  @OptionalFlag()
  all?: boolean;
}

/** Identity's answer to "who is in this audience" (ids of live, enabled users). */
export class UserIdsQuery {
  @OptionalInt(1)
  userId?: number;

  @OptionalInt(1)
  roleId?: number;

  @OptionalFlag()
  all?: boolean;
}

/**
 * Who a task assignment dimension names, from identity's current data: users holding one of the
 * roles or posts, members or heads of the departments, the users themselves (live ones only), the
 * administrators, or the head of a user's department (`level` 2: of its parent department).
 */
export class AssigneeIdsQuery {
  @OneOf(['role', 'post', 'deptMember', 'deptLeader', 'user', 'admins', 'starterDeptLeader'])
  dimension!:
    'role' | 'post' | 'deptMember' | 'deptLeader' | 'user' | 'admins' | 'starterDeptLeader';

  @IsArray(INVALID)
  @ArrayMaxSize(500, INVALID)
  @IsInt({ each: true, ...INVALID })
  ids: number[] = [];

  @OptionalInt(1, 2)
  level?: number;
}

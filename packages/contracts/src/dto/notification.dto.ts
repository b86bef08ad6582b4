import { Transform } from 'class-transformer';
import { IsBoolean, IsOptional } from 'class-validator';

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
import { SafeLink } from './decorators';

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

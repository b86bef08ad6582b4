import { SORT_FIELDS, STATUS_VALUES } from '../../identity/admin';
import { MaxLen, OneOf, Required, SafeRichTextLinks, Text } from '../decorators';
import { OptionalInt, OptionalOneOf, OptionalText, RequiredText } from './fields';
import { PageQueryBody } from './paging.dto';

// Notices.

export class NoticeQuery extends PageQueryBody {
  @OptionalOneOf(SORT_FIELDS.notice)
  orderByColumn?: (typeof SORT_FIELDS.notice)[number];

  @OptionalText(100)
  noticeTitle?: string;

  @OptionalOneOf(['1', '2'])
  noticeType?: '1' | '2';

  @OptionalText(64)
  createBy?: string;

  @OptionalOneOf(STATUS_VALUES)
  status?: '0' | '1';
}

export class NoticeBody {
  @OptionalInt(1)
  noticeId?: number;

  @RequiredText(100)
  noticeTitle!: string;

  @Required()
  @OneOf(['1', '2'])
  noticeType!: '1' | '2';

  @Required()
  @Text()
  @MaxLen(200_000)
  @SafeRichTextLinks()
  noticeContent!: string;

  @OptionalOneOf(STATUS_VALUES)
  status?: '0' | '1';
}

import { SORT_FIELDS } from '../../identity/admin';
import { MaxLen, Required, SafeRichTextLinks, Text } from '../decorators';
import { OptionalInt, OptionalOneOf, OptionalText, RequiredText } from './fields';
import { PageQueryBody } from './paging.dto';

// Rich texts.

export class RichTextQuery extends PageQueryBody {
  @OptionalOneOf(SORT_FIELDS.richText)
  orderByColumn?: (typeof SORT_FIELDS.richText)[number];

  @OptionalText(100)
  name?: string;
}

export class RichTextBody {
  @OptionalInt(1)
  id?: number;

  @RequiredText(100)
  name!: string;

  @Required()
  @Text()
  @MaxLen(1_000_000)
  @SafeRichTextLinks()
  content!: string;
}

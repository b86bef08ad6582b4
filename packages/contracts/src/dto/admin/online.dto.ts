import { Transform } from 'class-transformer';
import { Matches } from 'class-validator';

import { Required } from '../decorators';
import { blankToUndefined, INVALID, OptionalText } from './fields';

// Online sessions.

export class OnlineQuery {
  @OptionalText(128)
  ipaddr?: string;

  @OptionalText(64)
  userName?: string;
}

export class TokenIdBody {
  @Transform(blankToUndefined)
  @Required()
  @Matches(/^[a-f0-9]{64}$/, INVALID)
  tokenId!: string;
}

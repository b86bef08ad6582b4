import { REALNAME_REASON_MAX } from '../identity/realname';
import { OptionalInt, RequiredText } from './admin/fields';
import { PageQueryBody } from './admin/paging.dto';
import { EntityId, MaxLen, Required, Text } from './decorators';

/** POST /ali/identity/certify: certName and certNo encrypted with the one-time key `keyId`. */
export class RealNameCertifyBody {
  @Required()
  @Text()
  @MaxLen(1024)
  certName!: string;

  @Required()
  @Text()
  @MaxLen(1024)
  certNo!: string;

  @Required()
  @Text()
  @MaxLen(64)
  keyId!: string;
}

/** GET /ali/identity/callback?auth_code: the one-time code of the return URL the phone opened. */
export class RealNameCallbackBody {
  @Required()
  @Text()
  @MaxLen(128)
  auth_code!: string;
}

/** Administrators' review list. */
export class RealNameQuery extends PageQueryBody {
  /** 0 pending (default), 1 verified, 2 rejected. */
  @OptionalInt(0, 2)
  status?: number;

  @OptionalInt(1)
  userId?: number;
}

export class RealNameRejectBody {
  @EntityId()
  id!: number;

  @RequiredText(REALNAME_REASON_MAX)
  reason!: string;
}

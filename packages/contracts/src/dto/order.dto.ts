import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsObject, IsString, Matches, Max, Min, ValidateIf } from 'class-validator';

import {
  INVOICE_STATUSES,
  ORDER_ADDRESS_MAX,
  ORDER_AMOUNT_MAX,
  ORDER_AMOUNT_MIN,
  ORDER_FILE_KINDS,
  ORDER_REASON_MAX,
  ORDER_STATUSES,
  ORDER_TEXT_MAX,
  type OrderFileKind,
  PAY_TYPES,
  type PayType,
  SIGNING_PARTIES,
  type SigningParty,
} from '../billing/order-states';
import { UPLOAD_MAX_BYTES } from '../identity/admin';
import {
  Id,
  INVALID,
  OptionalInt,
  OptionalOneOf,
  OptionalText,
  RequiredText,
  toNumber,
} from './admin/fields';
import { TimeRange } from './admin/paging.dto';
import { OneOf, Required, Text } from './decorators';

// Requests of recharge orders (issue 14): the top-up form, the order actions of spec §7 and the
// files of an order (forwarded by the gateway after its content check).

const isCompany = (o: CreateOrderBody) => o.signingParty === 'company';

/** POST /wujie/order: the top-up information (spec §5 "Top-up"). */
export class CreateOrderBody {
  /** Whole yuan. */
  @Required()
  @Transform(toNumber)
  @IsInt(INVALID)
  @Min(ORDER_AMOUNT_MIN, INVALID)
  @Max(ORDER_AMOUNT_MAX, INVALID)
  amount!: number;

  @Required()
  @OneOf(PAY_TYPES)
  payType!: PayType;

  @Required()
  @OneOf(SIGNING_PARTIES)
  signingParty!: SigningParty;

  @RequiredText(ORDER_TEXT_MAX)
  fullName!: string;

  @RequiredText(ORDER_TEXT_MAX)
  country!: string;

  @RequiredText(ORDER_ADDRESS_MAX)
  address!: string;

  /** Required when the signing party is a company. */
  @ValidateIf(isCompany)
  @RequiredText(ORDER_TEXT_MAX)
  companyName?: string;

  @ValidateIf(isCompany)
  @RequiredText(ORDER_ADDRESS_MAX)
  companyAddress?: string;

  @ValidateIf(isCompany)
  @RequiredText(ORDER_TEXT_MAX)
  jobTitle?: string;

  @OptionalText(ORDER_REASON_MAX)
  remark?: string;
}

/** GET /wujie/order/list: filters apply to an administrator's list (a user sees only their own). */
export class OrderListQuery extends TimeRange {
  @OptionalText(64)
  orderNo?: string;

  @OptionalOneOf(ORDER_STATUSES)
  status?: (typeof ORDER_STATUSES)[number];

  @OptionalOneOf(INVOICE_STATUSES)
  invoiceStatus?: (typeof INVOICE_STATUSES)[number];

  @OptionalOneOf(PAY_TYPES)
  payType?: PayType;

  /** Administrators only: one user's orders. */
  @OptionalInt(1)
  userId?: number;
}

/** {orderId} of the order actions (user/payed, admin/payed, cancel, invoice). */
export class OrderIdBody {
  @Id()
  orderId!: number;
}

/** POST /wujie/order/admin/rejected: the order and why. */
export class OrderRejectBody extends OrderIdBody {
  @OptionalText(ORDER_REASON_MAX)
  reason?: string;
}

/**
 * A file of an order, checked by the gateway (type by content, size) and stored by it in its private
 * folder (never served by /profile); billing records where, and answers it to the owner or an admin.
 */
export class OrderFileUploadBody extends OrderIdBody {
  @Required()
  @OneOf(ORDER_FILE_KINDS)
  kind!: OrderFileKind;

  @RequiredText(255)
  fileName!: string;

  @Required()
  @Text()
  @Matches(/^[a-z0-9]{1,8}$/, INVALID)
  ext!: string;

  /** Where the gateway stored it (`/profile/order-<kind>/yyyy/mm/dd/<uuid>.<ext>` under its private root). */
  @Required()
  @IsString(INVALID)
  @Matches(
    /^\/profile\/order-(proof|contract|invoice)\/\d{4}\/\d{2}\/\d{2}\/[0-9a-f-]{36}\.[a-z0-9]{1,8}$/,
    INVALID,
  )
  path!: string;

  @Required()
  @IsInt(INVALID)
  @Min(1, INVALID)
  @Max(UPLOAD_MAX_BYTES, INVALID)
  size!: number;
}

export class OrderFileQuery extends OrderIdBody {
  @Required()
  @IsIn([...ORDER_FILE_KINDS], INVALID)
  kind!: OrderFileKind;
}

/** Alipay's notification: its form fields, verified by signature in the billing service. */
export class AlipayNotifyBody {
  @Required()
  @IsObject(INVALID)
  fields!: Record<string, string>;
}

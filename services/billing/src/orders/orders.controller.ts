import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  BILLING_ORDER_PATTERNS as P,
  DomainError,
  hasPermission,
  PERMISSIONS,
} from '@platform/contracts';
import {
  AlipayNotifyBody,
  type Caller,
  commandOf,
  CreateOrderBody,
  OrderFileQuery,
  OrderFileUploadBody,
  OrderIdBody,
  OrderListQuery,
  OrderRejectBody,
} from '@platform/contracts/dto';

import { type OrderCaller, OrdersService } from './orders.service';
import { PayConfig } from './pay-config';

class CreateCommand extends commandOf(CreateOrderBody) {}
class ListCommand extends commandOf(OrderListQuery) {}
class IdCommand extends commandOf(OrderIdBody) {}
class RejectCommand extends commandOf(OrderRejectBody) {}
class UploadCommand extends commandOf(OrderFileUploadBody) {}
class FileCommand extends commandOf(OrderFileQuery) {}
class EmptyBody {}
class EmptyCommand extends commandOf(EmptyBody) {}

/**
 * Every order command needs a signed-in caller (the gateway puts it from the session). Who sees every
 * user's orders is who may verify them: the permission decides, not the administrator flag.
 */
function callerOf(caller: Caller | undefined): OrderCaller {
  if (!caller) throw new DomainError('auth.session_invalid', {}, 401);
  return {
    userId: caller.userId,
    userName: caller.userName,
    verifier: hasPermission(caller.permissions, PERMISSIONS.wujie.recharge.verify),
  };
}

/**
 * Recharge orders, their files and Alipay. The owner-or-administrator checks and the transition
 * table live in OrdersService; administrator-only calls are guarded by permission at the gateway.
 */
@Controller()
export class OrdersController {
  constructor(
    private readonly orders: OrdersService,
    private readonly payConfig: PayConfig,
  ) {}

  /** What the top-up form may offer (any signed-in caller the gateway let through). */
  @MessagePattern(P.payConfig)
  config(@Payload() c: EmptyCommand) {
    callerOf(c.caller);
    return this.payConfig.view(c.client.lang);
  }

  @MessagePattern(P.create)
  create(@Payload() c: CreateCommand) {
    return this.orders.create(c.body, callerOf(c.caller));
  }

  @MessagePattern(P.list)
  list(@Payload() c: ListCommand) {
    return this.orders.list(c.body, callerOf(c.caller), c.client.lang);
  }

  @MessagePattern(P.get)
  get(@Payload() c: IdCommand) {
    return this.orders.get(c.body.orderId, callerOf(c.caller), c.client.lang);
  }

  @MessagePattern(P.userPayed)
  userPayed(@Payload() c: IdCommand) {
    return this.orders.move(c.body.orderId, 'userPayed', 'owner', callerOf(c.caller), {
      lang: c.client.lang,
    });
  }

  @MessagePattern(P.adminPayed)
  adminPayed(@Payload() c: IdCommand) {
    return this.orders.move(c.body.orderId, 'adminPayed', 'admin', callerOf(c.caller), {
      lang: c.client.lang,
    });
  }

  @MessagePattern(P.adminRejected)
  adminRejected(@Payload() c: RejectCommand) {
    return this.orders.move(c.body.orderId, 'adminRejected', 'admin', callerOf(c.caller), {
      reason: c.body.reason,
      lang: c.client.lang,
    });
  }

  @MessagePattern(P.adminRefund)
  adminRefund(@Payload() c: RejectCommand) {
    return this.orders.move(c.body.orderId, 'adminRefund', 'admin', callerOf(c.caller), {
      reason: c.body.reason,
      lang: c.client.lang,
    });
  }

  /** The owner cancels their order; an administrator any order. */
  @MessagePattern(P.cancel)
  cancel(@Payload() c: IdCommand) {
    const caller = callerOf(c.caller);
    return this.orders.cancel(c.body.orderId, caller, c.client.lang);
  }

  @MessagePattern(P.invoiceRequest)
  async invoiceRequest(@Payload() c: IdCommand) {
    await this.orders.requestInvoice(c.body.orderId, callerOf(c.caller));
    return {};
  }

  @MessagePattern(P.fileUpload)
  fileUpload(@Payload() c: UploadCommand) {
    return this.orders.upload(c.body, callerOf(c.caller));
  }

  @MessagePattern(P.fileGet)
  fileGet(@Payload() c: FileCommand) {
    return this.orders.file(c.body.orderId, c.body.kind, callerOf(c.caller));
  }

  @MessagePattern(P.alipayPrecreate)
  alipayPrecreate(@Payload() c: IdCommand) {
    return this.orders.alipayPrecreate(c.body.orderId, callerOf(c.caller));
  }

  @MessagePattern(P.alipayQuery)
  alipayQuery(@Payload() c: IdCommand) {
    return this.orders.alipayQuery(c.body.orderId, callerOf(c.caller));
  }

  /** From the gateway's public notify route: no caller, the signature is the proof. */
  @MessagePattern(P.alipayNotify)
  alipayNotify(@Payload() body: AlipayNotifyBody) {
    return this.orders.alipayNotify(body.fields);
  }
}

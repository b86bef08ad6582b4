import {
  Body,
  Controller,
  Get,
  HttpCode,
  Inject,
  Param,
  Post,
  Put,
  Query,
  Req,
  Res,
} from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  BILLING_ORDER_PATTERNS as O,
  BUSINESS_TYPES as B,
  DomainError,
  ORDER_FILE_EXTENSIONS,
  ORDER_FILE_KINDS,
  type OrderFileKind,
  type OrderFileUploadView,
  type OrderFileView,
  PERMISSIONS,
} from '@platform/contracts';
import {
  CreateOrderBody,
  OrderIdBody,
  OrderListQuery,
  OrderRejectBody,
} from '@platform/contracts/dto';
import type { FastifyReply, FastifyRequest } from 'fastify';

import { Public, RequirePermissions } from '../common/decorators';
import { Log } from '../common/oper-log';
import { forwardPage } from '../common/paging';
import { idOf } from '../common/path-ids';
import { GATEWAY_ENV, type GatewayEnv } from '../config/env';
import { type FileStore, keyOf, PRIVATE_FILE_STORE } from '../files/storage/file-store';
import { sendStoredFile } from '../files/storage/send-file';
import { CONTENT_TYPES, receiveFile, storeFile } from '../files/uploads';
import { ServiceClient } from '../rpc/service-client';

const R = PERMISSIONS.wujie.recharge;
const ORDER_LOG: [string, string] = ['充值订单', 'Recharge order'];

/** The order id of an upload or download (query `orderId`); a bad one fails the service's check. */
const orderIdOf = (value: string | undefined) => ({ orderId: idOf(value ?? '').id });

/**
 * Recharge orders (spec §7 "Points, orders"): a user's own orders, every order for a holder of
 * wujie:recharge:verify (the caller's permissions go to billing, which decides which orders a caller
 * may see or move).
 * Files (remittance proof, signed document, invoice PDF) are checked here by content and size like
 * every upload, and kept in the gateway's private store (`<UPLOAD_DIR>-private`, or the bucket's
 * `private/` prefix, never what /profile serves); billing records them and names them to the owner and
 * administrators only, so a file is streamed only after billing said who may have it.
 */
@ApiTags('order')
@Controller('wujie/order')
export class OrderController {
  constructor(
    private readonly services: ServiceClient,
    @Inject(PRIVATE_FILE_STORE) private readonly files: FileStore,
    @Inject(GATEWAY_ENV) private readonly env: GatewayEnv,
  ) {}

  /** A new recharge order from the top-up information → {orderId, orderNo, points, qrCode?}. */
  @Post()
  @HttpCode(200)
  @RequirePermissions(R.pay)
  @Log(...ORDER_LOG, B.insert)
  create(@Req() request: FastifyRequest, @Body() body: CreateOrderBody) {
    return this.services.forward(O.create, request, body);
  }

  @Get('list')
  @RequirePermissions(R.list)
  list(@Req() request: FastifyRequest, @Query() query: OrderListQuery) {
    return forwardPage(this.services, O.list, request, query);
  }

  /** The user has sent the remittance (proof uploaded): pending payment → pending verification. */
  @Post('user/payed')
  @HttpCode(200)
  @RequirePermissions(R.pay)
  @Log(...ORDER_LOG, B.update)
  userPayed(@Req() request: FastifyRequest, @Body() body: OrderIdBody) {
    return this.services.forward(O.userPayed, request, body);
  }

  /** An administrator confirms the payment: completed, points credited. */
  @Post('admin/payed')
  @HttpCode(200)
  @RequirePermissions(R.verify)
  @Log(...ORDER_LOG, B.update)
  adminPayed(@Req() request: FastifyRequest, @Body() body: OrderIdBody) {
    return this.services.forward(O.adminPayed, request, body);
  }

  /** An administrator rejects the verification (with the reason): back to pending payment. */
  @Post('admin/rejected')
  @HttpCode(200)
  @RequirePermissions(R.verify)
  @Log(...ORDER_LOG, B.update)
  adminRejected(@Req() request: FastifyRequest, @Body() body: OrderRejectBody) {
    return this.services.forward(O.adminRejected, request, body);
  }

  /** An administrator refunds a completed order (with the reason): cancelled, points taken back. */
  @Post('admin/refund')
  @HttpCode(200)
  @RequirePermissions([R.verify, R.refund])
  @Log(...ORDER_LOG, B.update)
  adminRefund(@Req() request: FastifyRequest, @Body() body: OrderRejectBody) {
    return this.services.forward(O.adminRefund, request, body);
  }

  @Post('cancel')
  @HttpCode(200)
  @RequirePermissions([R.pay, R.verify], 'any')
  @Log(...ORDER_LOG, B.update)
  cancel(@Req() request: FastifyRequest, @Body() body: OrderIdBody) {
    return this.services.forward(O.cancel, request, body);
  }

  /** The owner asks for an invoice of a completed order (not invoiced → awaiting invoice). */
  @Put('invoice')
  @RequirePermissions(R.pay)
  @Log(...ORDER_LOG, B.update)
  invoice(@Req() request: FastifyRequest, @Body() body: OrderIdBody) {
    return this.services.forward(O.invoiceRequest, request, body);
  }

  /** The remittance proof (png, jpg or pdf; multipart field `file`, query `orderId`). */
  @Post('proof')
  @HttpCode(200)
  @RequirePermissions(R.pay)
  @Log(...ORDER_LOG, B.insert)
  proof(@Req() request: FastifyRequest, @Query('orderId') orderId?: string) {
    return this.upload(request, 'proof', orderId);
  }

  /** The signed document of an overseas remittance (pdf or image). */
  @Post('contract')
  @HttpCode(200)
  @RequirePermissions(R.pay)
  @Log(...ORDER_LOG, B.insert)
  contract(@Req() request: FastifyRequest, @Query('orderId') orderId?: string) {
    return this.upload(request, 'contract', orderId);
  }

  /** The administrator's invoice PDF: the order becomes invoiced. */
  @Post('invoice/upload')
  @HttpCode(200)
  @RequirePermissions(R.verify)
  @Log(...ORDER_LOG, B.insert)
  invoiceUpload(@Req() request: FastifyRequest, @Query('orderId') orderId?: string) {
    return this.upload(request, 'invoice', orderId);
  }

  /** A file of an order (proof, contract, invoice) for its owner or an administrator. */
  @Get('file/:kind')
  @RequirePermissions(R.list)
  async file(
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
    @Param('kind') kind: string,
    @Query('orderId') orderId?: string,
  ): Promise<void> {
    if (!(ORDER_FILE_KINDS as readonly string[]).includes(kind)) {
      throw new DomainError('order.file_not_found', {}, 404);
    }
    const file = await this.services.forward<OrderFileView>(O.fileGet, request, {
      ...orderIdOf(orderId),
      kind,
    });
    const key = keyOf(file.path);
    const sent =
      key &&
      (await sendStoredFile(reply, this.files, key, {
        attachment: true,
        cacheControl: 'no-store',
        downloadName: file.fileName,
        contentType: CONTENT_TYPES[file.ext] ?? 'application/octet-stream',
        contentSecurityPolicy: "sandbox; default-src 'none'",
        signedSeconds: this.env.S3_SIGNED_DOWNLOAD_SECONDS,
      }));
    if (!sent) throw new DomainError('order.file_not_found', {}, 404);
  }

  /** A new QR code for an unpaid Alipay order. */
  @Post('alipay/precreate')
  @HttpCode(200)
  @RequirePermissions(R.pay)
  alipayPrecreate(@Req() request: FastifyRequest, @Body() body: OrderIdBody) {
    return this.services.forward(O.alipayPrecreate, request, body);
  }

  /** The QR page polls this: Alipay is asked, a paid trade completes the order. */
  @Post('alipay/query')
  @HttpCode(200)
  @RequirePermissions(R.pay)
  alipayQuery(@Req() request: FastifyRequest, @Body() body: OrderIdBody) {
    return this.services.forward(O.alipayQuery, request, body);
  }

  /**
   * Alipay's asynchronous notification (form encoded, public: its signature is checked by the
   * billing service). Answers the bare text Alipay expects: 'success' once handled, else 'failure'.
   */
  @Post('alipay/notify')
  @HttpCode(200)
  @Public()
  async alipayNotify(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const fields: Record<string, string> = {};
    for (const [key, value] of Object.entries((request.body ?? {}) as Record<string, unknown>)) {
      if (typeof value === 'string') fields[key] = value;
    }
    const answer = await this.services
      .send<string>(O.alipayNotify, { fields })
      .catch(() => 'failure');
    void reply.header('content-type', 'text/plain; charset=utf-8').send(answer);
  }

  /**
   * What the top-up form may offer: `{alipay, remittanceAccount}` — whether the billing service holds
   * Alipay's keys (else an Alipay order is refused) and the bank account of the parameter
   * `billing.remittance.account` in the request's language (null when unset).
   */
  @Get('pay/config')
  @RequirePermissions(R.pay)
  payConfig(@Req() request: FastifyRequest) {
    return this.services.forward(O.payConfig, request, {});
  }

  /** One order (its owner or an administrator). */
  @Get(':id')
  @RequirePermissions(R.list)
  get(@Req() request: FastifyRequest, @Param('id') id: string) {
    return this.services.forward(O.get, request, { orderId: idOf(id).id });
  }

  private async upload(request: FastifyRequest, kind: OrderFileKind, orderId?: string) {
    const file = await receiveFile(request, 'file', ORDER_FILE_EXTENSIONS[kind]);
    const stored = await storeFile(this.files, `order-${kind}`, file);
    let answer: OrderFileUploadView;
    try {
      answer = await this.services.forward<OrderFileUploadView>(O.fileUpload, request, {
        ...orderIdOf(orderId),
        kind,
        fileName: file.originalFilename,
        ext: file.ext,
        path: stored.fileName,
        size: file.buffer.length,
      });
    } catch (error) {
      // Not the caller's order, or not in a state for this file: nothing of it is kept.
      await this.files.remove(keyOf(stored.fileName)!).catch(() => undefined);
      throw error;
    }
    // A replaced proof or document is no longer the order's: nothing keeps it in the store.
    const replaced = answer.replacedPath && keyOf(answer.replacedPath);
    if (replaced) await this.files.remove(replaced).catch(() => undefined);
    return { fileName: file.originalFilename };
  }
}

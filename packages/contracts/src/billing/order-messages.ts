// Messages of recharge orders, payment and invoices, merged into MESSAGES.
export const ORDER_MESSAGES = {
  'order.status_abnormal': { zh: '订单状态异常', en: 'Order status abnormal' },
  'order.cancelled': { zh: '订单已取消', en: 'Order cancelled' },
  'order.completed': { zh: '订单已完成', en: 'Order completed' },
  'order.not_found': { zh: '订单不存在', en: 'The order does not exist' },
  'order.four_eyes': {
    zh: '不能确认自己的订单，也不能确认您调整过其积分的用户的订单，请由另一位管理员确认',
    en: 'You cannot confirm your own order, nor that of a user whose points you changed: another administrator must confirm it',
  },
  'order.recharge_failed': { zh: '充值失败', en: 'Top-up failed' },
  'order.payment_error': {
    zh: '支付出现错误，请重新扫码支付',
    en: 'Payment error occurred, please rescan the QR code to pay',
  },
  'order.alipay_unavailable': {
    zh: '支付宝支付未开通，请选择线下汇款',
    en: 'Alipay payment is not available, please pay by remittance',
  },
  'order.refund_balance_insufficient': {
    zh: '支付宝拒绝退款：商户支付宝账户余额不足，请充值后重试，订单仍为已支付',
    en: "Alipay refused the refund: the merchant's Alipay balance is too low. Top it up and try again; the order stays paid",
  },
  'order.refund_trade_closed': {
    zh: '支付宝拒绝退款：该交易已结束或已关闭，不能再退款，订单仍为已支付',
    en: 'Alipay refused the refund: the trade is finished or closed and can no longer be refunded; the order stays paid',
  },
  'order.refund_refused': {
    zh: '支付宝拒绝退款（{code}：{reason}），订单仍为已支付',
    en: 'Alipay refused the refund ({code}: {reason}); the order stays paid',
  },
  'order.refund_unconfirmed': {
    zh: '支付宝未确认退款，订单仍为已支付；请重试（同一笔退款不会重复退）',
    en: 'Alipay did not confirm the refund; the order stays paid. Try again (the same refund is never paid twice)',
  },
  'order.proof_required': {
    zh: '请先上传汇款凭证',
    en: 'Please upload the remittance proof first',
  },
  'order.contract_required': {
    zh: '境外汇款须先上传签署的文件',
    en: 'An overseas remittance needs the signed document first',
  },
  'order.invoice_file_required': {
    zh: '请先上传发票文件',
    en: 'Please upload the invoice PDF first',
  },
  'order.file_not_allowed': {
    zh: '订单当前状态不能上传该文件',
    en: 'This file cannot be uploaded for the order in its current status',
  },
  'order.file_not_found': { zh: '文件不存在', en: 'The file does not exist' },
  'order.reject_reason_required': {
    zh: '请填写驳回原因',
    en: 'Please give the reason for the rejection',
  },
  'order.status.pending_payment': { zh: '待支付', en: 'Pending payment' },
  'order.status.pending_verification': { zh: '待审核', en: 'Pending verification' },
  'order.status.completed': { zh: '已完成', en: 'Completed' },
  'order.status.cancelled': { zh: '已取消', en: 'Cancelled' },
  'order.invoice.none': { zh: '未开票', en: 'Not invoiced' },
  'order.invoice.requested': { zh: '待开票', en: 'Awaiting invoice' },
  'order.invoice.issued': { zh: '已开票', en: 'Invoiced' },
} as const;

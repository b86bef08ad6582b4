import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import {
  type Language,
  parseRemittanceAccount,
  type PayConfigView,
  REMITTANCE_ACCOUNT_CONFIG_KEY,
} from '@platform/contracts';

import { IdentityClient } from '../identity/identity-client';
import { ALIPAY_GATEWAY, type AlipayGateway } from '../payment/alipay.gateway';

/**
 * What the top-up form may offer: Alipay only when this service holds its app id and keys (else an
 * Alipay order is refused), and the remittance bank account from the system parameter
 * `billing.remittance.account` (identity's sys_config) in the caller's language.
 */
@Injectable()
export class PayConfig {
  private readonly logger = new Logger(PayConfig.name);

  constructor(
    private readonly identity: IdentityClient,
    @Optional() @Inject(ALIPAY_GATEWAY) private readonly alipay: AlipayGateway | null,
  ) {}

  async view(lang: Language): Promise<PayConfigView> {
    let value = '';
    try {
      value = await this.identity.configValue(REMITTANCE_ACCOUNT_CONFIG_KEY);
    } catch (error) {
      // The form still works without it: the payment step asks the user to contact us.
      this.logger.warn(`${REMITTANCE_ACCOUNT_CONFIG_KEY} unread: ${(error as Error).message}`);
    }
    return { alipay: this.alipay != null, remittanceAccount: parseRemittanceAccount(value, lang) };
  }
}

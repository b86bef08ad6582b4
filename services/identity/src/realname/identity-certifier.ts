import { AlipaySdk } from 'alipay-sdk';

import type { IdentityEnv } from '../config/env';

/** What real-name authentication asks of a certification provider (Alipay's face certification). */
export interface IdentityCertifier {
  /** alipay.user.certify.open.initialize: a certification of this person, answering its certify id. */
  initialize(input: {
    outerOrderNo: string;
    certName: string;
    certNo: string;
    returnUrl: string;
  }): Promise<{ certifyId: string }>;
  /** alipay.user.certify.open.certify: the signed page URL the phone opens (shown as a QR code). */
  certifyUrl(certifyId: string): string;
  /** alipay.user.certify.open.query: whether the person passed. */
  query(certifyId: string): Promise<{ passed: boolean }>;
}

export const IDENTITY_CERTIFIER = Symbol('IDENTITY_CERTIFIER');

/** The provider answered, but not with a valid, signed success; its text is not kept (it may hold personal data). */
export class CertifierError extends Error {}

interface AlipayAnswer {
  code?: string;
  subCode?: string;
  certifyId?: string;
  passed?: string;
}

/** Alipay through alipay-sdk: requests signed RSA2 with the app key, answers checked against Alipay's key. */
export class AlipayCertifier implements IdentityCertifier {
  private readonly sdk: AlipaySdk;

  constructor(env: IdentityEnv) {
    this.sdk = new AlipaySdk({
      appId: env.ALIPAY_APP_ID!,
      privateKey: env.ALIPAY_PRIVATE_KEY!,
      alipayPublicKey: env.ALIPAY_PUBLIC_KEY!,
      keyType: env.ALIPAY_KEY_TYPE,
      signType: 'RSA2',
      gateway: env.ALIPAY_GATEWAY,
      timeout: env.ALIPAY_TIMEOUT_MS,
      camelcase: true,
    });
  }

  async initialize(input: {
    outerOrderNo: string;
    certName: string;
    certNo: string;
    returnUrl: string;
  }): Promise<{ certifyId: string }> {
    const answer = await this.exec('alipay.user.certify.open.initialize', {
      outer_order_no: input.outerOrderNo,
      biz_code: 'FACE',
      identity_param: {
        identity_type: 'CERT_INFO',
        cert_type: 'IDENTITY_CARD',
        cert_name: input.certName,
        cert_no: input.certNo,
      },
      merchant_config: { return_url: input.returnUrl },
    });
    if (!answer.certifyId) throw new CertifierError('initialize answered no certify_id');
    return { certifyId: answer.certifyId };
  }

  certifyUrl(certifyId: string): string {
    return this.sdk.pageExecute('alipay.user.certify.open.certify', 'GET', {
      bizContent: { certify_id: certifyId },
    });
  }

  async query(certifyId: string): Promise<{ passed: boolean }> {
    const answer = await this.exec('alipay.user.certify.open.query', { certify_id: certifyId });
    return { passed: answer.passed === 'T' };
  }

  private async exec(method: string, bizContent: Record<string, unknown>): Promise<AlipayAnswer> {
    let answer: AlipayAnswer;
    try {
      answer = (await this.sdk.exec(
        method,
        { bizContent },
        { validateSign: true },
      )) as AlipayAnswer;
    } catch (error) {
      // The SDK's message quotes the raw answer; only its kind leaves this function.
      throw new CertifierError(`${method}: ${(error as Error).name}`);
    }
    if (answer.code !== '10000') {
      throw new CertifierError(`${method}: code ${answer.code ?? '?'} ${answer.subCode ?? ''}`);
    }
    return answer;
  }
}

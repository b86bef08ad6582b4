import { Injectable } from '@nestjs/common';
import {
  DomainError,
  POINTS_PER_YUAN_CONFIG_KEY,
  POINTS_PER_YUAN_DEFAULT,
} from '@platform/contracts';

import { IdentityClient } from '../identity/identity-client';

/**
 * Points one yuan buys: the system parameter `points.price.perYuan` (identity's sys_config, editable
 * by administrators), POINTS_PER_YUAN_DEFAULT when it is unset or not a positive whole number. The
 * price is read when an order is made and stored on it, so a later change never alters an order.
 */
@Injectable()
export class PointsPrice {
  constructor(private readonly identity: IdentityClient) {}

  async perYuan(): Promise<number> {
    let value: string;
    try {
      value = await this.identity.configValue(POINTS_PER_YUAN_CONFIG_KEY);
    } catch {
      // Without the price no order can be made: better refused than sold at a guess.
      throw new DomainError('order.recharge_failed');
    }
    const price = Number(value);
    return Number.isSafeInteger(price) && price > 0 ? price : POINTS_PER_YUAN_DEFAULT;
  }
}

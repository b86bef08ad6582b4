/** The time the orders see: injectable, so a test moves an order five days on without waiting. */
export interface Clock {
  now(): Date;
}

export const BILLING_CLOCK = Symbol('BILLING_CLOCK');

export const systemClock: Clock = { now: () => new Date() };

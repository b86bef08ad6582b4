import { Logger } from '@nestjs/common';
import type { Repository } from 'typeorm';

import type { CodeChannel, CodeMessage, CodeSender } from './code-sender';
import type { OutboxMessage } from './outbox.entity';

/**
 * Development delivery: the code goes to the outbox table and the log. Refuses to exist in production,
 * so a misconfigured production deployment cannot hand out codes through its logs.
 */
export class OutboxSender implements CodeSender {
  private readonly logger = new Logger('CodeOutbox');

  constructor(
    readonly channel: CodeChannel,
    private readonly outbox: Repository<OutboxMessage>,
    nodeEnv: string,
  ) {
    if (nodeEnv === 'production') {
      throw new Error(
        `The ${channel} code outbox is for development only; configure a real sender`,
      );
    }
  }

  async send(message: CodeMessage): Promise<void> {
    await this.outbox.insert({
      channel: message.channel,
      target: message.target,
      code: message.code,
      scene: message.scene,
    });
    this.logger.log(
      `[outbox] ${message.channel} code ${message.code} for ${message.target} (${message.scene})`,
    );
  }
}

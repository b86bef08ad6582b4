import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { IDENTITY_PATTERNS } from '@platform/contracts';
import { callService, createRpcClient, type RpcClient } from '@platform/nest-common';

import { NOTIFICATION_ENV, type NotificationEnv } from '../config/env';
import type { Audience } from '../events/event-messages';

/** Ten thousand ids travel in well under a second; a larger audience may take longer. */
const IDENTITY_TIMEOUT_MS = 15_000;

/**
 * Who is in an audience, asked of identity (the owner of users and roles): the live, enabled users
 * of a role, everyone, or the one user named if that user exists and is enabled.
 */
@Injectable()
export class Recipients implements OnApplicationShutdown {
  private readonly client: RpcClient;

  constructor(@Inject(NOTIFICATION_ENV) env: NotificationEnv) {
    this.client = createRpcClient(env);
  }

  of(audience: Audience): Promise<number[]> {
    return callService<number[]>(
      this.client,
      IDENTITY_PATTERNS.userIds,
      { body: audience, client: { ip: '127.0.0.1', userAgent: 'notification', lang: 'zh' } },
      IDENTITY_TIMEOUT_MS,
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await this.client.close();
  }
}

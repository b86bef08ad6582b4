import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DomainError, PLATFORM_EVENTS, type ServiceStatusView } from '@platform/contracts';
import type { Caller } from '@platform/contracts/dto';
import type Redis from 'ioredis';
import type { DataSource } from 'typeorm';

import { REDIS } from '../infra/infra.module';
import { UserDirectory } from '../users/user-directory.service';

/** How long a request for service stays open: asking again inside it tells the administrators nothing new. */
export const SERVICE_REQUEST_HOURS = 24;

const requestKey = (userId: number) => `service_request:${userId}`;

/**
 * The service-status calls (spec §7: /wujie/user/gogetservicestatus, /servicestatus, /sendtoadmin):
 * a user asks for service or writes to the administrators, and the administrators' role gets an in-app
 * message through the event outbox (the notification service writes it).
 */
@Injectable()
export class ServiceRequestService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly directory: UserDirectory,
  ) {}

  async status(caller: Caller): Promise<ServiceStatusView> {
    const requestedAt = await this.redis.get(requestKey(caller.userId));
    return requestedAt
      ? { status: 'requested', requestedAt }
      : { status: 'none', requestedAt: null };
  }

  /** Opens a request for service, once per SERVICE_REQUEST_HOURS; an open one is returned as it is. */
  async request(caller: Caller, content = ''): Promise<ServiceStatusView> {
    const requestedAt = new Date().toISOString();
    const opened = await this.redis.set(
      requestKey(caller.userId),
      requestedAt,
      'EX',
      SERVICE_REQUEST_HOURS * 3600,
      'NX',
    );
    if (opened !== 'OK') return this.status(caller);
    try {
      await this.tellAdministrators(caller, content, 'service', requestedAt);
    } catch (error) {
      await this.redis.del(requestKey(caller.userId));
      throw error;
    }
    return { status: 'requested', requestedAt };
  }

  async sendToAdmin(caller: Caller, content: string): Promise<{ sent: true }> {
    await this.tellAdministrators(caller, content, 'message', new Date().toISOString());
    return { sent: true };
  }

  private async tellAdministrators(
    caller: Caller,
    content: string,
    kind: 'service' | 'message',
    at: string,
  ): Promise<void> {
    const user = await this.directory.findById(caller.userId);
    if (!user) throw new DomainError('user.not_found');
    const [role] = (await this.db.query(
      "SELECT role_id AS roleId FROM sys_role WHERE role_key = 'admin' AND del_flag = '0' LIMIT 1",
    )) as { roleId: number }[];
    const contact = [
      user.phonenumber ? `+${user.qu ?? '86'} ${user.phonenumber}` : '',
      user.email ?? '',
    ]
      .filter(Boolean)
      .join(', ');
    await this.db.query(
      'INSERT IGNORE INTO event_outbox (event_type, idempotency_key, payload) VALUES (?, ?, ?)',
      [
        PLATFORM_EVENTS.serviceRequested,
        `${PLATFORM_EVENTS.serviceRequested}:${user.userId}:${kind}:${at}`,
        JSON.stringify({
          userId: user.userId,
          userName: user.userName,
          contact,
          content,
          kind,
          roleId: Number(role?.roleId ?? 1),
        }),
      ],
    );
  }
}

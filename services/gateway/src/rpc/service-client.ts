import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { CommandPayload } from '@platform/contracts/dto';
import { callService, type RpcClient, streamService } from '@platform/nest-common';
import type { FastifyRequest } from 'fastify';
import type { Observable } from 'rxjs';

import { clientOf, stateOf } from '../common/request-context';
import { GATEWAY_ENV, type GatewayEnv } from '../config/env';

export const RPC_CLIENT = Symbol('RPC_CLIENT');

/**
 * Forwards a request to a service as `{ body, client, caller }`: the client context (IP, user agent,
 * language) and the caller (from the session) come from the gateway, never from the request body.
 */
@Injectable()
export class ServiceClient implements OnApplicationShutdown {
  constructor(
    @Inject(RPC_CLIENT) private readonly client: RpcClient,
    @Inject(GATEWAY_ENV) private readonly env: GatewayEnv,
  ) {}

  forward<T>(pattern: string, request: FastifyRequest, body: unknown = {}): Promise<T> {
    return this.send<T>(pattern, commandFrom(request, body));
  }

  send<T>(pattern: string, payload: unknown, timeoutMs = this.env.RPC_TIMEOUT_MS): Promise<T> {
    return callService<T>(this.client, pattern, payload, timeoutMs);
  }

  /**
   * Forwards a command whose handler answers several values (the assistant's reply): the first
   * within RPC_TIMEOUT_MS, each later one within `eachMs`.
   */
  stream<T>(
    pattern: string,
    request: FastifyRequest,
    body: unknown,
    eachMs: number,
  ): Observable<T> {
    // A stream is not replayed from a stored answer: no Idempotency-Key for the service.
    const { idempotencyKey: _key, ...command } = commandFrom(request, body);
    return streamService<T>(this.client, pattern, command, {
      firstMs: this.env.RPC_TIMEOUT_MS,
      eachMs,
    });
  }

  /** Publishes an event (no reply); resolves once it is handed to the transport. */

  async onApplicationShutdown(): Promise<void> {
    await this.client.close();
  }
}

export function commandFrom<T>(request: FastifyRequest, body: T): CommandPayload<T> {
  const { session, idempotencyKey } = stateOf(request);
  return {
    ...(idempotencyKey ? { idempotencyKey } : {}),
    body,
    client: clientOf(request),
    caller: session
      ? {
          userId: session.userId,
          userName: session.userName,
          tokenId: session.tokenId,
          companyId: session.companyId,
          admin: session.admin,
          permissions: session.permissions,
        }
      : undefined,
  };
}

import {
  type CanActivate,
  type ExecutionContext,
  Inject,
  Injectable,
  Logger,
  Optional,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import {
  DomainError,
  hasAllPermissions,
  hasAllRoles,
  hasAnyPermission,
  hasAnyRole,
  type SessionUser,
} from '@platform/contracts';
import { SessionStore, tokenIdOf } from '@platform/nest-common';
import type { FastifyRequest } from 'fastify';

import { type Access, ACCESS_KEY, MAINTENANCE_EXEMPT_KEY } from './decorators';
import { MaintenanceSwitch } from './maintenance';
import { languageOf, stateOf } from './request-context';

const BEARER = /^Bearer\s+(\S+)$/i;

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return typeof header === 'string' ? BEARER.exec(header)?.[1] : undefined;
}

/**
 * The one gate of every route: resolves the session from the bearer token (renewing it on activity),
 * then applies the route's declared access. A route without a declaration is refused (fail closed).
 */
@Injectable()
export class AccessGuard implements CanActivate {
  private readonly logger = new Logger(AccessGuard.name);

  constructor(
    private readonly reflector: Reflector,
    @Inject(SessionStore) private readonly sessions: SessionStore,
    @Optional() private readonly maintenance?: MaintenanceSwitch,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const state = stateOf(request);
    state.lang = languageOf(request);
    const access = this.reflector.getAllAndOverride<Access | undefined>(ACCESS_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!access) {
      this.logger.error(`${request.method} ${request.url} declares no access rule; refused`);
      throw new DomainError('http.403', {}, 403);
    }
    state.session = (await this.resolveSession(request)) ?? undefined;
    if (access.kind !== 'public') {
      if (!state.session) throw new DomainError('auth.session_invalid', {}, 401);
      if (!allows(access, state.session)) throw new DomainError('http.403', {}, 403);
      await this.refuseDuringMaintenance(context, request, state.session);
    }
    state.accessGranted = true;
    return true;
  }

  /**
   * While sys.maintenance.enabled is on, a signed-in user who is not an administrator gets the
   * maintenance notice (spec §8) instead of an answer; public calls (sign-in, sign-out) and the calls
   * marked ServedDuringMaintenance still answer.
   */
  private async refuseDuringMaintenance(
    context: ExecutionContext,
    request: FastifyRequest,
    session: SessionUser,
  ): Promise<void> {
    if (!this.maintenance || MaintenanceSwitch.exempts(session)) return;
    const exempt = this.reflector.getAllAndOverride<boolean | undefined>(MAINTENANCE_EXEMPT_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (exempt) return;
    if (await this.maintenance.enabled(request)) throw new DomainError('sys.maintenance');
  }

  private async resolveSession(request: FastifyRequest): Promise<SessionUser | null> {
    const token = bearerToken(request);
    if (!token) return null;
    const session = await this.sessions.get(tokenIdOf(token));
    return session ? this.sessions.renewIfDue(session) : null;
  }
}

function allows(access: Access, session: SessionUser): boolean {
  switch (access.kind) {
    case 'public':
    case 'signed-in':
      return true;
    case 'permissions':
      return access.mode === 'any'
        ? hasAnyPermission(session.permissions, access.values)
        : hasAllPermissions(session.permissions, access.values);
    case 'roles':
      return access.mode === 'any'
        ? hasAnyRole(session.roles, access.values)
        : hasAllRoles(session.roles, access.values);
  }
}

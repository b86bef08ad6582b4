import { Reflector } from '@nestjs/core';
import { billingStarter } from '@platform/billing';
import { hasAllPermissions, hasAnyPermission } from '@platform/contracts';
import { identityStarter } from '@platform/identity';
import { SessionStore } from '@platform/nest-common';
import { notificationStarter } from '@platform/notification';
import { workflowStarter } from '@platform/workflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { AccessGuard } from '../../src/common/access.guard';
import { declaredRoutes } from '../support/routes';
import {
  ADMIN_PASSWORD,
  api,
  login,
  registerByPhone,
  setCaptcha,
  startStack,
  type TestStack,
} from '../support/stack';

describe('permissions', () => {
  let stack: TestStack;
  let adminToken: string;
  let userToken: string;
  let userPermissions: string[];

  beforeAll(async () => {
    // Every service whose routes the gateway declares, so each route gets a real answer.
    stack = await startStack([
      identityStarter,
      workflowStarter,
      billingStarter,
      notificationStarter,
    ]);
    await setCaptcha(stack, false);
    adminToken = await login(stack, 'admin', ADMIN_PASSWORD);
    userToken = (await registerByPhone(stack)).token;
    const info = await api(stack)
      .get('/prod-api/getInfo')
      .set('Authorization', `Bearer ${userToken}`);
    userPermissions = info.body.data.permissions;
  });
  afterAll(() => stack.close());

  const routes = declaredRoutes();

  it('should have every route declare who may call it', () => {
    expect(routes.length).toBeGreaterThan(15);
    expect(routes.filter((r) => !r.access).map((r) => r.handler)).toEqual([]);
  });

  const call = (route: (typeof routes)[number], token?: string) => {
    const req = api(stack)[route.method](route.path).set('repeatSubmit', 'false');
    return token ? req.set('Authorization', `Bearer ${token}`) : req;
  };

  const userMay = (route: (typeof routes)[number]) => {
    const access = route.access!;
    if (access.kind === 'public' || access.kind === 'signed-in') return true;
    if (access.kind === 'roles') return false;
    return access.mode === 'any'
      ? hasAnyPermission(userPermissions, access.values)
      : hasAllPermissions(userPermissions, access.values);
  };

  it.each(
    routes
      .filter((r) => r.path !== '/prod-api/logout')
      .map((r) => [`${r.method.toUpperCase()} ${r.path}`, r]),
  )(
    '%s: no token, common user and admin each get what the route declares',
    async (_name, route) => {
      const anonymous = await call(route);
      if (route.access!.kind === 'public') expect(anonymous.status).not.toBe(401);
      else expect(anonymous.body.code).toBe(401);

      const user = await call(route, userToken);
      if (userMay(route)) expect([401, 403]).not.toContain(user.body.code);
      else expect(user.body).toMatchObject({ code: 403 });

      const admin = await call(route, adminToken);
      expect([401, 403]).not.toContain(admin.body.code);
      // Whatever the input, no route may fail with an internal error.
      for (const res of [anonymous, user, admin]) expect(res.status).toBeLessThan(500);
    },
  );

  it('should refuse a route that declares nothing (fail closed)', async () => {
    // The global guard, driven with a handler that carries no access metadata.
    const guard = new AccessGuard(new Reflector(), stack.app.get(SessionStore));
    const context = {
      switchToHttp: () => ({
        getRequest: () => ({ headers: {}, query: {}, method: 'GET', url: '/x' }),
      }),
      getHandler: () => function undeclared() {},
      getClass: () => class Undeclared {},
    };
    await expect(guard.canActivate(context as never)).rejects.toMatchObject({ code: 403 });
  });
});

import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import {
  COCKPIT_START_PATH,
  COCKPIT_TICKET_TTL_SECONDS,
  ENGINE_SSO_PATH,
  PERMISSIONS,
  type RouteItem,
} from '@platform/contracts';
import { identityStarter } from '@platform/identity';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { ENGINE_WEBAPP_KEYS, secretHash } from '../../src/engine/engine-webapp.access';
import { ENGINE_WEBAPP_COOKIE } from '../../src/engine/engine-webapp.proxy';
import { as, createUser, eventually, unique } from '../admin/helpers';
import {
  ADMIN_PASSWORD,
  api,
  login,
  registerByPhone,
  setCaptcha,
  startStack,
  type TestStack,
} from '../support/stack';

// Issue 18, Cockpit from the console: the gateway serves the engine's webapp path for holders of
// engine:ops:view. The engine here is a small HTTP server that records what the gateway sends it (the
// real Operaton is exercised by the browser test in e2e/); it answers like the webapps do.

const PROXY_SECRET = 'test-proxy-secret-0123456789abcdefghijkl';
/** The engine's own policy on its pages (Operaton sends one with script nonces). */
const ENGINE_CSP = "script-src 'nonce-engine' 'strict-dynamic'; default-src 'self'";
const ENGINE_COCKPIT_MENU = 22;

interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

async function startFakeEngine(): Promise<{ server: Server; url: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      if (req.url === '/operaton/app/redirect') {
        res.writeHead(302, {
          location: `http://${req.headers.host}/operaton/app/cockpit/default/`,
        });
        return res.end();
      }
      if (req.url?.startsWith('/operaton/api/')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ ok: true }));
      }
      res.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': ENGINE_CSP,
        'set-cookie': [
          'XSRF-TOKEN=engine-token; Path=/operaton',
          'JSESSIONID=engine-session; Path=/; HttpOnly',
        ],
      });
      res.end('<html><body>Cockpit</body></html>');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}/engine-rest`, received };
}

/** `name=value` of a Set-Cookie header, to send back as a Cookie. */
function cookieFrom(setCookie: string | string[] | undefined): string {
  const header = Array.isArray(setCookie) ? setCookie[0]! : (setCookie ?? '');
  return header.split(';', 1)[0]!;
}

describe('engine webapps through the gateway', () => {
  let stack: TestStack;
  let engine: Awaited<ReturnType<typeof startFakeEngine>>;
  let adminToken: string;

  beforeAll(async () => {
    engine = await startFakeEngine();
    stack = await startStack([identityStarter], {
      ENGINE_URL: engine.url,
      ENGINE_PROXY_SECRET: PROXY_SECRET,
    });
    await setCaptcha(stack, false);
    adminToken = await login(stack, 'admin', ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await stack.close();
    await new Promise((resolve) => engine.server.close(resolve));
  });
  beforeEach(() => {
    engine.received.length = 0;
  });

  const ticketFor = async (token: string) => {
    const res = await as(stack, token).post('/engine/cockpit/ticket');
    expect(res.body).toMatchObject({ code: 200 });
    return res.body.data as { ticket: string; url: string; expiresInSeconds: number };
  };

  /** Signs a console session in to the webapps; returns the webapp cookie. */
  const webappCookie = async (token: string) => {
    const { url } = await ticketFor(token);
    const res = await api(stack).get(url).expect(302);
    return cookieFrom(res.headers['set-cookie']);
  };

  const cockpit = (cookie?: string) => {
    const req = api(stack).get(COCKPIT_START_PATH).set('Accept', 'text/html');
    return cookie ? req.set('Cookie', cookie) : req;
  };

  it('should answer 401 without a webapp session, even with a console token, and not reach the engine', async () => {
    const page = await cockpit();
    expect(page.status).toBe(401);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.text).toContain('href="/"');

    const withToken = await api(stack)
      .get('/operaton/api/engine/engine/')
      .set('Authorization', `Bearer ${adminToken}`);
    expect(withToken.status).toBe(401);
    expect(withToken.body).toMatchObject({ type: 'AuthenticationException' });

    const forged = await cockpit(`${ENGINE_WEBAPP_COOKIE}=${'A'.repeat(43)}`);
    expect(forged.status).toBe(401);
    expect(engine.received).toEqual([]);
  });

  it('should show the menu entry right after the workflow entry, to the administrator only', async () => {
    const names = async (token: string) => {
      const res = await as(stack, token).get('/getRouters');
      return (res.body.data as RouteItem[]).flatMap((r) =>
        r.children ? r.children.map((c) => c.name ?? '') : [r.name ?? ''],
      );
    };
    const admin = await names(adminToken);
    expect(admin[admin.indexOf('Workflow') + 1]).toBe('EngineCockpit');
    const { token } = await registerByPhone(stack);
    expect(await names(token)).not.toContain('EngineCockpit');
  });

  it('should give tickets only to holders of engine:ops:view', async () => {
    const anonymous = await api(stack).post('/prod-api/engine/cockpit/ticket');
    expect(anonymous.body).toMatchObject({ code: 401 });

    const { token } = await registerByPhone(stack);
    const user = await as(stack, token).post('/engine/cockpit/ticket');
    expect(user.body).toMatchObject({ code: 403 });

    const ticket = await ticketFor(adminToken);
    expect(ticket.ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(ticket.url).toBe(`${ENGINE_SSO_PATH}?ticket=${ticket.ticket}`);
    expect(ticket.expiresInSeconds).toBe(COCKPIT_TICKET_TTL_SECONDS);
  });

  it('should trade a ticket once for an HttpOnly, SameSite=Strict cookie on the webapp path', async () => {
    const { url } = await ticketFor(adminToken);
    const first = await api(stack).get(url).expect(302);
    expect(first.headers.location).toBe(COCKPIT_START_PATH);
    expect(first.headers['cache-control']).toBe('no-store');
    const setCookie = String(first.headers['set-cookie']);
    expect(setCookie).toMatch(new RegExp(`^${ENGINE_WEBAPP_COOKIE}=[A-Za-z0-9_-]{43}; `));
    expect(setCookie).toContain('Path=/operaton');
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Strict');
    // Plain HTTP here: a Secure cookie would never come back.
    expect(setCookie).not.toContain('Secure');

    const again = await api(stack).get(url).set('Accept', 'text/html');
    expect(again.status).toBe(401);
    expect(again.headers['set-cookie']).toBeUndefined();

    const page = await cockpit(cookieFrom(first.headers['set-cookie']));
    expect(page.status).toBe(200);
    expect(page.text).toContain('Cockpit');
  });

  it('should keep a ticket 30 s at most and refuse it once expired', async () => {
    const { ticket, url } = await ticketFor(adminToken);
    const key = stack.key(ENGINE_WEBAPP_KEYS.ticket(secretHash(ticket)));
    const ttl = await stack.redis.pttl(key);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(COCKPIT_TICKET_TTL_SECONDS * 1000);
    // Stands in for waiting out the 30 s.
    await stack.redis.pexpire(key, 1);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await api(stack).get(url).expect(401);
    await api(stack).get(`${ENGINE_SSO_PATH}?ticket=not-a-ticket`).expect(401);
    await api(stack).get(ENGINE_SSO_PATH).expect(401);
  });

  it('should strip spoofed X-Platform-* headers and send the user and the secret to the engine', async () => {
    const cookie = await webappCookie(adminToken);
    const res = await api(stack)
      .post('/operaton/api/engine/engine/default/process-instance?firstResult=0&maxResults=50')
      .set('Cookie', `JSESSIONID=engine-session; ${cookie}; XSRF-TOKEN=abc`)
      .set('X-Platform-User', 'platform')
      .set('X-Platform-Proxy-Secret', 'guessed')
      .set('X_Platform_User', 'platform')
      .set('X-Platform-Groups', 'root')
      .set('Authorization', `Bearer ${adminToken}`)
      .set('Content-Type', 'application/json')
      .send('{"sorting":[{"sortBy":"startTime","sortOrder":"desc"}]}');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });

    const [sent] = engine.received;
    expect(sent).toMatchObject({
      method: 'POST',
      url: '/operaton/api/engine/engine/default/process-instance?firstResult=0&maxResults=50',
      body: '{"sorting":[{"sortBy":"startTime","sortOrder":"desc"}]}',
    });
    expect(sent!.headers['x-platform-user']).toBe('u1');
    expect(sent!.headers['x-platform-proxy-secret']).toBe(PROXY_SECRET);
    // The administrator holds engine:ops:admin (all permissions): the engine's repair level.
    expect(sent!.headers['x-platform-groups']).toBe('admin');
    expect(sent!.headers['x_platform_user']).toBeUndefined();
    expect(sent!.headers.authorization).toBeUndefined();
    // The engine's own cookies pass; the gateway's webapp cookie does not.
    expect(sent!.headers.cookie).toBe('JSESSIONID=engine-session; XSRF-TOKEN=abc');
    // The browser's host, so the webapps compare Origin with the address the browser used.
    expect(sent!.headers.host).toBe(res.request.host);
    expect(sent!.headers['x-forwarded-proto']).toBe('http');
  });

  it('should strip the X-Platform-* headers on every request, also where nothing is proxied', async () => {
    const res = await api(stack)
      .get('/prod-api/getInfo')
      .set('Authorization', `Bearer ${adminToken}`)
      .set('X-Platform-User', 'platform')
      .set('X-Platform-Proxy-Secret', PROXY_SECRET);
    expect(res.body).toMatchObject({ code: 200 });
    // A refused request never reaches the engine, whatever headers it carried.
    await api(stack)
      .get(COCKPIT_START_PATH)
      .set('X-Platform-User', 'u1')
      .set('X-Platform-Proxy-Secret', PROXY_SECRET)
      .expect(401);
    expect(engine.received).toEqual([]);
  });

  it('should pass form and multipart bodies through untouched', async () => {
    const cookie = await webappCookie(adminToken);
    await api(stack)
      .post('/operaton/api/admin/auth/user/default/login/cockpit')
      .set('Cookie', cookie)
      .type('form')
      .send('username=x&password=y')
      .expect(200);
    await api(stack)
      .post('/operaton/api/engine/engine/default/deployment/create')
      .set('Cookie', cookie)
      .field('deployment-name', 'demo')
      .attach('demo.bpmn', Buffer.from('<definitions/>'), 'demo.bpmn')
      .expect(200);
    expect(engine.received[0]!.body).toBe('username=x&password=y');
    expect(engine.received[1]!.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(engine.received[1]!.body).toContain('<definitions/>');
    expect(engine.received[1]!.body).toContain('name="deployment-name"');
  });

  it('should keep the engine’s own page policy, add none that breaks it and keep its cookies on the webapp path', async () => {
    const page = await cockpit(await webappCookie(adminToken));
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toBe(ENGINE_CSP);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    // no-referrer would make browsers send `Origin: null`, which the webapps' CSRF filter refuses.
    expect(page.headers['referrer-policy']).toBe('same-origin');
    expect(page.headers['cross-origin-embedder-policy']).toBeUndefined();
    // The engine's session cookie stays on the webapp path instead of going with every platform request.
    expect(page.headers['set-cookie']).toEqual([
      'XSRF-TOKEN=engine-token; Path=/operaton',
      'JSESSIONID=engine-session; Path=/operaton; HttpOnly',
    ]);
  });

  it('should turn the engine’s absolute redirects into paths on the gateway', async () => {
    const res = await api(stack)
      .get('/operaton/app/redirect')
      .set('Cookie', await webappCookie(adminToken))
      .expect(302);
    expect(res.headers.location).toBe('/operaton/app/cockpit/default/');
  });

  it('should refuse paths the engine would read differently', async () => {
    const cookie = await webappCookie(adminToken);
    for (const path of [
      '/operaton/..;/engine-rest/process-definition',
      '/operaton/app/%2e%2e/%2e%2e/engine-rest/user',
      '/operaton/app;jsessionid=x/cockpit/',
    ]) {
      const res = await api(stack).get(path).set('Cookie', cookie);
      expect(res.status, path).toBe(400);
    }
    expect(engine.received).toEqual([]);
  });

  it('should cut webapp access at logout', async () => {
    const token = await login(stack, 'admin', ADMIN_PASSWORD);
    const cookie = await webappCookie(token);
    await cockpit(cookie).expect(200);
    await api(stack).post('/prod-api/logout').set('Authorization', `Bearer ${token}`).expect(200);
    await cockpit(cookie).expect(401);
    expect(engine.received).toHaveLength(1);
  });

  it('should refuse a user without the permission (403) and cut access when it is taken away', async () => {
    const admin = as(stack, adminToken);
    const roleName = unique('ops');
    const role = await admin.post('/system/role', {
      roleName,
      roleKey: roleName,
      roleSort: 9,
      menuIds: [ENGINE_COCKPIT_MENU],
    });
    expect(role.body).toMatchObject({ code: 200 });
    const roleId = role.body.data.roleId as number;
    const operator = await createUser(stack, admin, { roleIds: [roleId] });
    const token = await operator.token();
    const info = await as(stack, token).get('/getInfo');
    expect(info.body.data.permissions).toContain(PERMISSIONS.engine.ops.view);

    const cookie = await webappCookie(token);
    await cockpit(cookie).expect(200);
    expect(engine.received[0]!.headers['x-platform-user']).toBe(`u${operator.userId}`);
    // engine:ops:view alone: the engine's read-only level.
    expect(engine.received[0]!.headers['x-platform-groups']).toBe('view');

    // A ticket taken before the permission goes is refused at the sign-on too.
    const pending = await ticketFor(token);
    const revoked = await admin.put('/system/user/authRole', {
      userId: operator.userId,
      roleIds: [],
    });
    expect(revoked.body).toMatchObject({ code: 200 });
    await eventually(async () => (await cockpit(cookie)).status === 403);
    const page = await cockpit(cookie);
    expect(page.status).toBe(403);
    expect(page.headers['content-type']).toContain('text/html');
    await api(stack).get(pending.url).expect(403);
    expect(engine.received).toHaveLength(1);
  });
});

describe('engine webapps without an Operaton engine', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startStack([identityStarter]);
    await setCaptcha(stack, false);
  });
  afterAll(() => stack.close());

  it('should say Cockpit is not available and serve nothing at the webapp path', async () => {
    const token = await login(stack, 'admin', ADMIN_PASSWORD);
    const res = await as(stack, token).post('/engine/cockpit/ticket');
    expect(res.body).toMatchObject({ code: 500 });
    expect(res.body.msg).toContain('ENGINE_URL');
    await api(stack).get(COCKPIT_START_PATH).expect(404);
    await api(stack).get(`${ENGINE_SSO_PATH}?ticket=x`).expect(404);
  });
});

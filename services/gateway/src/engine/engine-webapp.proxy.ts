import type { IncomingHttpHeaders } from 'node:http';

import httpProxy from '@fastify/http-proxy';
import {
  COCKPIT_START_PATH,
  ENGINE_SSO_PATH,
  ENGINE_WEBAPP_PATH,
  type MessageKey,
  renderMessage,
  type SessionUser,
} from '@platform/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { languageOf, stateOf } from '../common/request-context';
import {
  engineLevelOf,
  engineUserOf,
  EngineWebappAccess,
  mayOperateEngine,
} from './engine-webapp.access';

/** The cookie that carries a webapp session; scoped to the webapp path, so the API never sees it. */
export const ENGINE_WEBAPP_COOKIE = 'platform_engine';

/** The headers the engine trusts from the gateway alone (deploy/engine: ProxyAuthenticationProvider). */
export const PROXY_USER_HEADER = 'x-platform-user';
export const PROXY_SECRET_HEADER = 'x-platform-proxy-secret';
/** `view` or `admin`: which engine groups the user gets (engine:ops:admin). */
export const PROXY_GROUPS_HEADER = 'x-platform-groups';
const PROXY_HEADERS = new Set([PROXY_USER_HEADER, PROXY_SECRET_HEADER, PROXY_GROUPS_HEADER]);

/** The gateway's own answers under the webapp path render nothing active. */
const OWN_PAGE_CSP =
  "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** True for a header a client may not send: one of the proxy's, however written (`X_Platform_User` too). */
function isProxyHeader(name: string): boolean {
  return PROXY_HEADERS.has(name.toLowerCase().replace(/_/g, '-'));
}

function stripProxyHeaders(headers: Record<string, unknown>): void {
  for (const name of Object.keys(headers)) if (isProxyHeader(name)) delete headers[name];
}

/** The value of one cookie in a Cookie header. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

/** The Cookie header without one cookie (undefined when nothing is left). */
export function withoutCookie(header: string | undefined, name: string): string | undefined {
  const kept = (header ?? '')
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part && part.split('=', 1)[0]!.trim() !== name);
  return kept.length ? kept.join('; ') : undefined;
}

/**
 * Paths Tomcat would read differently from the gateway: path parameters (`..;/`), dot segments in any
 * encoding, backslashes. The webapps use none of them.
 */
export function isUnsafePath(url: string): boolean {
  const path = url.split('?', 1)[0]!;
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return true;
  }
  if (/[;\\\0]/.test(decoded)) return true;
  return decoded.split('/').some((segment) => segment === '.' || segment === '..');
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/** A refusal: a small page for a browser's navigation, Operaton's error shape for the webapps' calls. */
function refuse(request: FastifyRequest, reply: FastifyReply, status: 400 | 401 | 403 | 404) {
  const lang = languageOf(request);
  const key: MessageKey = {
    400: 'request.malformed',
    401: 'auth.session_invalid',
    403: 'http.403',
    404: 'http.404',
  }[status] as MessageKey;
  const message = renderMessage(key, lang);
  reply
    .code(status)
    .header('cache-control', 'no-store')
    .header('content-security-policy', OWN_PAGE_CSP);
  if (!String(request.headers.accept ?? '').includes('text/html')) {
    const type =
      status === 401
        ? 'AuthenticationException'
        : status === 403
          ? 'AuthorizationException'
          : 'InvalidRequestException';
    return reply.type('application/json').send({ type, message });
  }
  const hint = status === 401 ? renderMessage('engine.webapp_sign_in', lang) : '';
  return reply
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${status}</title></head>` +
        `<body><h1>${escapeHtml(message)}</h1>` +
        (hint ? `<p><a href="/">${escapeHtml(hint)}</a></p>` : '') +
        '</body></html>',
    );
}

/**
 * The engine's webapps (Cockpit, Tasklist, Admin) at the same path as the engine serves them, behind the
 * platform's sign-in:
 * - every request: X-Platform-User / X-Platform-Groups / X-Platform-Proxy-Secret from the client are dropped;
 * - GET /operaton/sso?ticket=…: trades a console ticket for the webapp cookie, then goes to Cockpit;
 * - /operaton/*: needs the cookie of a live session holding engine:ops:view (401 / 403 otherwise) and is
 *   proxied to the engine with the user (`u<userId>`), its level (`admin` with engine:ops:admin, else
 *   `view`) and the proxy secret the engine trusts.
 * Without ENGINE_URL and ENGINE_PROXY_SECRET the path answers 404.
 */
export async function serveEngineWebapp(
  fastify: FastifyInstance,
  access: EngineWebappAccess,
): Promise<void> {
  fastify.addHook('onRequest', (request, _reply, done) => {
    stripProxyHeaders(request.raw.headers);
    done();
  });

  await fastify.register(async (webapp) => {
    webapp.get(ENGINE_SSO_PATH, async (request, reply) => {
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      if (!access.enabled) return refuse(request, reply, 404);
      const session = await access.redeemTicket((request.query as { ticket?: unknown }).ticket);
      if (!session) return refuse(request, reply, 401);
      stateOf(request).session = session;
      if (!mayOperateEngine(session)) return refuse(request, reply, 403);
      const cookie = await access.openCookie(session);
      const secure = request.protocol === 'https' ? '; Secure' : '';
      return reply
        .header(
          'set-cookie',
          `${ENGINE_WEBAPP_COOKIE}=${cookie}; Path=${ENGINE_WEBAPP_PATH}; HttpOnly; SameSite=Strict${secure}`,
        )
        .redirect(COCKPIT_START_PATH, 302);
    });

    const upstream = access.upstream;
    if (!upstream) {
      const notFound = (request: FastifyRequest, reply: FastifyReply) =>
        refuse(request, reply, 404);
      webapp.all(ENGINE_WEBAPP_PATH, notFound);
      webapp.all(`${ENGINE_WEBAPP_PATH}/*`, notFound);
      return;
    }

    // The session the guard found, for the header rewrite (which sees the request by another type).
    const sessionOf = new WeakMap<object, SessionUser>();
    await webapp.register(async (proxied) => {
      // Bodies go to the engine as they came: none of the gateway's parsers (JSON, multipart) apply here.
      proxied.removeAllContentTypeParsers();
      proxied.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
      // Before the body is read: nobody without a webapp session gets further than this.
      proxied.addHook('onRequest', async (request, reply) => {
        if (isUnsafePath(request.url)) return refuse(request, reply, 400);
        const session = await access.sessionOfCookie(
          cookieValue(request.headers.cookie, ENGINE_WEBAPP_COOKIE),
        );
        if (!session) return refuse(request, reply, 401);
        stateOf(request).session = session;
        if (!mayOperateEngine(session)) return refuse(request, reply, 403);
        sessionOf.set(request.raw, session);
      });
      await proxied.register(httpProxy, {
        upstream,
        prefix: ENGINE_WEBAPP_PATH,
        rewritePrefix: ENGINE_WEBAPP_PATH,
        proxyPayloads: false,
        replyOptions: {
          rewriteRequestHeaders: (request, headers) =>
            toEngineHeaders(request, headers, sessionOf.get(request.raw)!, access.proxySecret!),
          rewriteHeaders: (headers, request) => fromEngineHeaders(headers, request, upstream),
        },
      });
    });
  });
}

/** The parts of a request the header rewrites read (reply-from hands them a loosely typed request). */
type RequestFacts = Pick<FastifyRequest, 'headers' | 'ip' | 'protocol'>;

/** What the engine receives: the browser's request with the gateway's word for who sent it. */
export function toEngineHeaders(
  request: RequestFacts,
  headers: IncomingHttpHeaders,
  session: SessionUser,
  secret: string,
): IncomingHttpHeaders {
  const out: IncomingHttpHeaders = { ...headers };
  stripProxyHeaders(out);
  // The platform's bearer token and any credentials meant for the gateway stay here.
  delete out.authorization;
  delete out['proxy-authorization'];
  const cookie = withoutCookie(out.cookie, ENGINE_WEBAPP_COOKIE);
  if (cookie) out.cookie = cookie;
  else delete out.cookie;
  // The browser's Host, so the webapps' CSRF check compares the Origin with the address it used.
  if (request.headers.host) out.host = request.headers.host;
  out['x-forwarded-for'] = request.ip;
  out['x-forwarded-proto'] = request.protocol;
  if (request.headers.host) out['x-forwarded-host'] = request.headers.host;
  out[PROXY_USER_HEADER] = engineUserOf(session);
  out[PROXY_GROUPS_HEADER] = engineLevelOf(session);
  out[PROXY_SECRET_HEADER] = secret;
  return out;
}

/**
 * What the browser receives from the engine: its cookies kept under the webapp path (Tomcat scopes its
 * session cookie to `/`, which would send it with every request to the platform), and redirects the
 * engine writes as absolute addresses (its own host or the browser's) turned into paths.
 */
export function fromEngineHeaders(
  headers: IncomingHttpHeaders,
  request: Pick<RequestFacts, 'headers'> | undefined,
  upstream: string,
): IncomingHttpHeaders {
  const out: IncomingHttpHeaders = { ...headers };
  if (out['set-cookie']) {
    out['set-cookie'] = out['set-cookie'].map((cookie) =>
      cookie.replace(/;\s*path=\/(?=\s*(;|$))/i, `; Path=${ENGINE_WEBAPP_PATH}`),
    );
  }
  const location = out.location;
  if (typeof location === 'string' && /^https?:\/\//i.test(location)) {
    const target = new URL(location);
    const own = new Set([new URL(upstream).host, request?.headers.host ?? '']);
    if (own.has(target.host)) out.location = `${target.pathname}${target.search}${target.hash}`;
  }
  return out;
}

import { API_BASE } from '@platform/contracts';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

const DOCUMENT_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      connectSrc: ["'self'", 'ws:', 'wss:'],
      fontSrc: ["'self'", 'data:'],
      workerSrc: ["'self'", 'blob:'],
      // Off: the platform is also served over plain HTTP on loopback, where upgrading would break it.
      upgradeInsecureRequests: null,
    },
  },
};

/** Headers of API (JSON) responses, after the OWASP REST Security cheat sheet: nothing here renders. */
const API_HEADERS: Record<string, string> = {
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
};

/**
 * Helmet's headers, computed once: with this configuration (no CSP nonces) they are the same for every
 * response, so rebuilding them per request (as @fastify/helmet does) is wasted work.
 */
export function helmetHeaders(options: HelmetOptions = DOCUMENT_OPTIONS): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => delete headers[name.toLowerCase()],
  };
  helmet(options)({} as never, response as never, () => undefined);
  return headers;
}

/**
 * Headers of the engine's webapps behind the gateway (Cockpit, Tasklist, Admin): they send their own
 * Content-Security-Policy with per-response script nonces, which a second policy from here would block,
 * so only what cannot break them. `same-origin`, not `no-referrer`: with no-referrer browsers send
 * `Origin: null` on POSTs, and the webapps' CSRF filter refuses those.
 */
const PROXIED_APP_HEADERS: Record<string, string> = {
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
  'referrer-policy': 'same-origin',
};

/**
 * The web app's documents get helmet's full set; API responses the lean set a JSON API needs; paths
 * proxied to an application with its own policy (`proxiedApps`, e.g. `/operaton`) the few above.
 */
export function addSecurityHeaders(fastify: FastifyInstance, proxiedApps: string[] = []): void {
  const documentHeaders = helmetHeaders();
  const proxied = (url: string) =>
    proxiedApps.some(
      (base) => url === base || url.startsWith(`${base}/`) || url.startsWith(`${base}?`),
    );
  fastify.addHook('onRequest', (request, reply, done) => {
    reply.headers(
      request.url.startsWith(API_BASE)
        ? API_HEADERS
        : proxied(request.url)
          ? PROXIED_APP_HEADERS
          : documentHeaders,
    );
    reply.header('x-request-id', request.id);
    done();
  });
}

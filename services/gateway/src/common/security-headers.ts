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

/** The web app's documents get helmet's full set; API responses the lean set a JSON API needs. */
export function addSecurityHeaders(fastify: FastifyInstance): void {
  const documentHeaders = helmetHeaders();
  fastify.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith(API_BASE) ? API_HEADERS : documentHeaders);
    reply.header('x-request-id', request.id);
    done();
  });
}

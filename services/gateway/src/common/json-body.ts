import {
  DomainError,
  findUnsafeText,
  JSON_MAX_DEPTH,
  jsonNestingExceeds,
} from '@platform/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';

// `fatal`: a byte sequence that is not UTF-8 throws instead of becoming U+FFFD unnoticed.
const UTF8 = new TextDecoder('utf-8', { fatal: true });

const tooDeep = () => new DomainError('request.too_deep', { limit: JSON_MAX_DEPTH });
const invalidText = () => new DomainError('request.invalid_text');

function decodeUtf8(body: Buffer): string {
  try {
    return UTF8.decode(body);
  } catch {
    throw invalidText();
  }
}

/**
 * The gateway's parser of JSON bodies (issue 25: input that cannot hurt), in place of Fastify's:
 * - an empty body (many clients send `Content-Type: application/json` and nothing else on a logout or
 *   an action without fields) reads as `{}` instead of failing with 400;
 * - bytes that are not UTF-8 are refused, and so is a body nested deeper than JSON_MAX_DEPTH, found by
 *   a linear scan before parsing (a 100,000-deep body used to overflow the stack further on: HTTP 500);
 * - Fastify's own parser (secure-json-parse: prototype poisoning, malformed JSON) then parses it;
 * - NUL characters and unpaired surrogates (`"\ud800"`) in any string or key are refused.
 * Every refusal is a 400 in the envelope, in the caller's language.
 */
export function parseJsonBodiesSafely(fastify: FastifyInstance): void {
  const { onProtoPoisoning, onConstructorPoisoning } = fastify.initialConfig;
  const parseJson = fastify.getDefaultJsonParser(
    onProtoPoisoning ?? 'error',
    onConstructorPoisoning ?? 'error',
  );
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string;
    try {
      text = decodeUtf8(body as Buffer);
      if (jsonNestingExceeds(text)) throw tooDeep();
    } catch (error) {
      done(error as Error, undefined);
      return;
    }
    if (text.trim() === '') {
      done(null, {});
      return;
    }
    parseJson(request, text, (error, parsed) => {
      if (error) done(error, undefined);
      else if (findUnsafeText(parsed) !== undefined) done(invalidText(), undefined);
      else done(null, parsed);
    });
  });
}

/** Refuses NUL characters and unpaired surrogates in the query string and path parameters too. */
export function refuseUnsafeQueryText(fastify: FastifyInstance, apiBase: string): void {
  // A callback hook, not an async one: no promise per request on the hot routes.
  fastify.addHook('preValidation', (request: FastifyRequest, _reply, done) => {
    const unsafe =
      request.url.startsWith(apiBase) &&
      (findUnsafeText(request.query) !== undefined || findUnsafeText(request.params) !== undefined);
    done(unsafe ? invalidText() : undefined);
  });
}

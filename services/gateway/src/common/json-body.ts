import type { FastifyInstance } from 'fastify';

/**
 * Fastify's JSON parser, except that an empty body (many clients send `Content-Type: application/json`
 * and nothing else on a logout or an action without fields) reads as `{}` instead of failing with 400.
 * Anything else (malformed JSON, prototype poisoning, the body limit) is left to the default parser.
 */
export function acceptEmptyJsonBody(fastify: FastifyInstance): void {
  const { onProtoPoisoning, onConstructorPoisoning } = fastify.initialConfig;
  const parseJson = fastify.getDefaultJsonParser(
    onProtoPoisoning ?? 'error',
    onConstructorPoisoning ?? 'error',
  );
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    if (text.trim() === '') {
      done(null, {});
      return;
    }
    parseJson(request, text, done);
  });
}

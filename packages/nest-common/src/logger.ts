import type { LoggerService } from '@nestjs/common';
import pino, { type Logger } from 'pino';

import type { BaseEnv } from './env';

/** One JSON line per event on stdout; the service name and namespace on every line. */
export function createPino(env: BaseEnv, service: string): Logger {
  return pino({
    level: env.LOG_LEVEL,
    base: { service, ns: env.NAMESPACE },
    redact: {
      paths: ['password', '*.password', 'req.headers.authorization', '*.token'],
      censor: '***',
    },
  });
}

/** Nest's logger interface over pino, so framework and application logs share one format. */
export class PinoNestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, context?: string) {
    this.logger.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string) {
    this.logger.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string) {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string) {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string) {
    this.logger.trace({ context }, String(message));
  }
}

import { BadRequestException, ValidationPipe } from '@nestjs/common';
import {
  type ErrorPayload,
  isMessageKey,
  type MessageKey,
  type MessageParams,
} from '@platform/contracts';
import type { ValidationError } from 'class-validator';

type Detail = NonNullable<ErrorPayload['details']>[number];

// DTO decorators in contracts carry a message *key* (e.g. `validation.required`) and a context with
// its params; here they become structured details that the gateway renders in the caller's language.
function flatten(errors: ValidationError[], parent = ''): Detail[] {
  return errors.flatMap((error) => {
    const field = parent ? `${parent}.${error.property}` : error.property;
    const own = Object.entries(error.constraints ?? {}).map(([name, message]): Detail => {
      const key: MessageKey = isMessageKey(message)
        ? message
        : name === 'whitelistValidation'
          ? 'validation.unknown_field'
          : 'validation.invalid';
      const context = (error.contexts?.[name] ?? {}) as MessageParams;
      return { field, key, params: { field: error.property, ...context } };
    });
    return [...own, ...flatten(error.children ?? [], field)];
  });
}

const DETAILS = Symbol('validationDetails');

export function validationDetails(exception: BadRequestException): Detail[] | undefined {
  return (exception as unknown as Record<symbol, Detail[] | undefined>)[DETAILS];
}

/** The validation pipe of every service and of the gateway: strip unknown fields, transform, structured errors. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    transform: true,
    forbidUnknownValues: false,
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => {
      const exception = new BadRequestException('validation failed');
      Object.assign(exception, { [DETAILS]: flatten(errors) });
      return exception;
    },
  });
}

import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  Min,
  registerDecorator,
  type ValidationArguments,
  ValidationOptions,
} from 'class-validator';

import { findUnsafeHtmlLink, isSafeLink } from '../common/input-safety';
import type { MessageKey } from '../common/messages';
import {
  EMAIL_MAX,
  isSupportedAreaCode,
  isValidEmail,
  isValidPhone,
  PASSWORD_PATTERN,
} from '../common/rules';
import { isCataloguedPermissionList } from '../identity/permissions';

// Decorators whose `message` is a message key of MESSAGES and whose `context` holds its params; the
// services' validation pipe turns them into details the gateway renders in the caller's language.

const key = (message: MessageKey, context?: Record<string, unknown>): ValidationOptions => ({
  message,
  context,
});

export const Required = (): PropertyDecorator => IsNotEmpty(key('validation.required'));
export const Text = (): PropertyDecorator => IsString(key('validation.invalid'));
export const Optional = (): PropertyDecorator => IsOptional();
export const MaxLen = (length: number): PropertyDecorator =>
  MaxLength(length, key('validation.max_length', { length }));
export const OneOf = (values: readonly unknown[]): PropertyDecorator =>
  IsIn([...values], key('validation.invalid'));
/** A comma-separated list of catalogued permission strings (never a wildcard). */
export const PermissionList = (): PropertyDecorator =>
  custom(
    'permissionList',
    'menu.perms_unknown',
    (value) => typeof value === 'string' && isCataloguedPermissionList(value),
  );
export const StrongPassword = (): PropertyDecorator =>
  Matches(PASSWORD_PATTERN, key('password.rule'));

function custom(
  name: string,
  message: MessageKey,
  test: (value: unknown, args: ValidationArguments) => boolean,
): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name,
      target: target.constructor,
      propertyName: String(propertyName),
      options: key(message),
      validator: { validate: test },
    });
}

/** A link of an in-app message: http(s) or an in-app path, or '' for none (isSafeLink). */
export const SafeLink = (): PropertyDecorator =>
  custom('safeLink', 'validation.unsafe_link', (value) => value === '' || isSafeLink(value));

/** Rich text whose every `href` is a safe link (the sanitiser would drop the others silently). */
export const SafeRichTextLinks = (): PropertyDecorator =>
  custom(
    'safeRichTextLinks',
    'validation.unsafe_link',
    (value) => typeof value !== 'string' || findUnsafeHtmlLink(value) === undefined,
  );

export const Email = (): PropertyDecorator =>
  custom('email', 'validation.email', (value) => isValidEmail(value) && value.length <= EMAIL_MAX);

export const AreaCode = (): PropertyDecorator =>
  custom('areaCode', 'validation.invalid', (value) => isSupportedAreaCode(value));

/** A mobile number valid for the area code held in `areaField` of the same object (+86 when absent). */
export const PhoneOfArea = (areaField: string): PropertyDecorator =>
  custom('phoneOfArea', 'validation.phone', (value, args) =>
    isValidPhone(value, (args.object as Record<string, unknown>)[areaField] ?? '86'),
  );

/** Equal to another property of the same object (password confirmation). */
export const SameAs = (otherField: string): PropertyDecorator =>
  custom(
    'sameAs',
    'password.mismatch',
    (value, args) => value === (args.object as Record<string, unknown>)[otherField],
  );

const toPositiveNumber = ({ value }: { value: unknown }) =>
  value === '' || value === null || value === undefined ? undefined : Number(value);
const toIdArray = ({ value }: { value: unknown }) =>
  (Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [value])
    .filter((v) => v !== '' && v !== null && v !== undefined)
    .map(Number);

/** A required positive integer id (path and query strings converted). */
export const EntityId = (): PropertyDecorator =>
  ((target: object, property: string | symbol) => {
    Required()(target, property);
    Transform(toPositiveNumber)(target, property);
    IsInt(key('validation.invalid'))(target, property);
    Min(1, key('validation.invalid'))(target, property);
  }) as PropertyDecorator;

/** Positive integer ids from a JSON array or a comma-joined string ("1,2,3"), `min` to `max` of them. */
export const EntityIds = (min = 1, max = 1000): PropertyDecorator =>
  ((target: object, property: string | symbol) => {
    Transform(toIdArray)(target, property);
    IsArray(key('validation.invalid'))(target, property);
    ArrayMinSize(min, key('validation.min_items', { count: min }))(target, property);
    ArrayMaxSize(max, key('validation.invalid'))(target, property);
    IsInt({ ...key('validation.invalid'), each: true })(target, property);
    Min(1, { ...key('validation.invalid'), each: true })(target, property);
  }) as PropertyDecorator;

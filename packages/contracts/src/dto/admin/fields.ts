import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsInt, IsOptional, Matches, Max, Min } from 'class-validator';

import { normalizeAreaCode } from '../../common/rules';
import { MaxLen, OneOf, Optional, Required, Text } from '../decorators';

// Field decorators and value conversions shared by the console's request classes. Query strings
// arrive as text, so numeric fields are converted before validation; empty strings count as "not given".

export const INVALID = { message: 'validation.invalid' } as const;
export const blankToUndefined = ({ value }: { value: unknown }) =>
  value === '' || value === null ? undefined : typeof value === 'string' ? value.trim() : value;
export const toNumber = ({ value }: { value: unknown }) =>
  value === '' || value === null || value === undefined ? undefined : Number(value);
export const toBoolean = ({ value }: { value: unknown }) =>
  value === 'true' || value === true || value === '1' || value === 1
    ? true
    : value === 'false' || value === false || value === '0' || value === 0
      ? false
      : value;
export const toIdList = ({ value }: { value: unknown }) =>
  (Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [value])
    .filter((v) => v !== '' && v !== null && v !== undefined)
    .map(Number);
export const areaCode = ({ value }: { value: unknown }) =>
  value === undefined || value === null || value === '' ? undefined : normalizeAreaCode(value);

/** An optional integer (query strings converted). */
export const OptionalInt = (min = 0, max = Number.MAX_SAFE_INTEGER): PropertyDecorator =>
  ((target: object, key: string | symbol) => {
    IsOptional()(target, key);
    Transform(toNumber)(target, key);
    IsInt(INVALID)(target, key);
    Min(min, INVALID)(target, key);
    Max(max, INVALID)(target, key);
  }) as PropertyDecorator;

/** A required integer id. */
export const Id = (): PropertyDecorator =>
  ((target: object, key: string | symbol) => {
    Required()(target, key);
    Transform(toNumber)(target, key);
    IsInt(INVALID)(target, key);
    Min(1, INVALID)(target, key);
  }) as PropertyDecorator;

/** A list of ids, from a JSON array or a comma-joined string ("1,2,3"). */
export const IdList = (max = 1000): PropertyDecorator =>
  ((target: object, key: string | symbol) => {
    Transform(toIdList)(target, key);
    IsArray(INVALID)(target, key);
    ArrayMaxSize(max, INVALID)(target, key);
    IsInt({ ...INVALID, each: true })(target, key);
    Min(1, { ...INVALID, each: true })(target, key);
  }) as PropertyDecorator;

export const OptionalText = (max: number): PropertyDecorator =>
  ((target: object, key: string | symbol) => {
    Optional()(target, key);
    Transform(blankToUndefined)(target, key);
    Text()(target, key);
    MaxLen(max)(target, key);
  }) as PropertyDecorator;

export const RequiredText = (max: number): PropertyDecorator =>
  ((target: object, key: string | symbol) => {
    Transform(blankToUndefined)(target, key);
    Required()(target, key);
    Text()(target, key);
    MaxLen(max)(target, key);
  }) as PropertyDecorator;

export const OptionalOneOf = (values: readonly unknown[]): PropertyDecorator =>
  ((target: object, key: string | symbol) => {
    Optional()(target, key);
    Transform(blankToUndefined)(target, key);
    OneOf(values)(target, key);
  }) as PropertyDecorator;

const DATE = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/;
export const OptionalDate = (): PropertyDecorator =>
  ((target: object, key: string | symbol) => {
    Optional()(target, key);
    Transform(blankToUndefined)(target, key);
    Matches(DATE, INVALID)(target, key);
  }) as PropertyDecorator;

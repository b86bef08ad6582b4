import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  isCompleteCode,
  isValidEmail,
  isValidPhone,
  passwordProblems,
  PHONE_AREAS,
  USERNAME_PATTERN,
} from '@platform/contracts';

// Form rules of spec §5 on top of the shared rules in contracts; each returns a message or null.

/** Region names of the 18 supported area codes, in both languages. */
export const REGION_NAMES: Record<(typeof PHONE_AREAS)[number]['region'], MessageDescriptor> = {
  CN: msg`Mainland China`,
  TW: msg`Taiwan, China`,
  HK: msg`Hong Kong, China`,
  MO: msg`Macao, China`,
  BE: msg`Belgium`,
  DK: msg`Denmark`,
  FI: msg`Finland`,
  FR: msg`France`,
  DE: msg`Germany`,
  LU: msg`Luxembourg`,
  NL: msg`Netherlands`,
  NO: msg`Norway`,
  PT: msg`Portugal`,
  ES: msg`Spain`,
  GB: msg`United Kingdom`,
  'US/CA': msg`United States / Canada`,
  SG: msg`Singapore`,
  JP: msg`Japan`,
};

const isPhoneOfAnyArea = (value: string) => PHONE_AREAS.some((area) => area.pattern.test(value));

/**
 * A sign-in identifier: an e-mail address, a mobile number of a supported area, or a user name (the
 * seeded administrator signs in with one). Anything else is "Email or phone number format error".
 */
export function identifierError(value: string): MessageDescriptor | null {
  const text = value.trim();
  if (!text) return msg`Email or phone number cannot be empty`;
  if (text.includes('@'))
    return isValidEmail(text) ? null : msg`Email or phone number format error`;
  if (/^\d+$/.test(text))
    return isPhoneOfAnyArea(text) ? null : msg`Email or phone number format error`;
  return USERNAME_PATTERN.test(text) ? null : msg`Email or phone number format error`;
}

export function phoneError(value: string, qu: string): MessageDescriptor | null {
  if (!value.trim()) return msg`Phone number cannot be empty`;
  return isValidPhone(value, qu) ? null : msg`Phone number format is incorrect`;
}

export function emailError(value: string): MessageDescriptor | null {
  if (!value.trim()) return msg`Email cannot be empty`;
  return isValidEmail(value.trim()) ? null : msg`Email format is incorrect`;
}

export function codeError(value: string): MessageDescriptor | null {
  if (!value.trim()) return msg`Verification code cannot be empty`;
  return isCompleteCode(value) ? null : msg`The verification code has 6 characters`;
}

export function passwordError(value: string): MessageDescriptor | null {
  if (!value) return msg`Password cannot be empty`;
  return passwordProblems(value).length === 0
    ? null
    : msg`Password must be 8 to 32 characters with digits, upper case, lower case and special characters, and no spaces`;
}

export function confirmError(value: string, password: string): MessageDescriptor | null {
  if (!value) return msg`Please enter the password again`;
  return value === password ? null : msg`Passwords do not match`;
}

import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';

// form-js writes its validation messages in English only; these are the ones its Validator produces
// (form-js-viewer 1.23), so a Chinese reader sees them in Chinese. An unknown one is shown as is.

const FIXED = {
  'Field is required.': msg`This field is required`,
  'Value is expected to be an integer.': msg`Enter a whole number`,
  'Value is not a number.': msg`Enter a number`,
  'Field must be a valid email.': msg`Enter a valid e-mail address`,
} as const;

export function translateFormError(i18n: I18n, message: string): string {
  const fixed = FIXED[message as keyof typeof FIXED];
  if (fixed) return i18n._(fixed);
  let match = /^Field must have minimum value of (.+)\.$/.exec(message);
  if (match) return i18n._(msg`Enter at least ${match[1]}`);
  match = /^Field must have maximum value of (.+)\.$/.exec(message);
  if (match) return i18n._(msg`Enter at most ${match[1]}`);
  match = /^Field must have minimum length of (\d+)\.$/.exec(message);
  if (match) return i18n._(msg`Enter at least ${match[1]} characters`);
  match = /^Field must have maximum length of (\d+)\.$/.exec(message);
  if (match) return i18n._(msg`Enter at most ${match[1]} characters`);
  return message;
}

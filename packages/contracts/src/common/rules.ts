// Validation rules shared by the server (DTO decorators) and the web forms (spec §5). One definition each.

/** 8 to 32 characters with a digit, a lower-case and an upper-case letter and a special character; no spaces. */
export const PASSWORD_PATTERN = /^(?=.*\d)(?=.*[a-z])(?=.*[A-Z])(?=.*[^\da-zA-Z\s])\S{8,32}$/;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 32;

export type PasswordProblem = 'length' | 'spaces' | 'digit' | 'lower' | 'upper' | 'special';

/** Lists every way a password breaks the rule (empty when it is valid), so a form can say which. */
export function passwordProblems(password: string): PasswordProblem[] {
  const problems: PasswordProblem[] = [];
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) problems.push('length');
  if (/\s/.test(password)) problems.push('spaces');
  if (!/\d/.test(password)) problems.push('digit');
  if (!/[a-z]/.test(password)) problems.push('lower');
  if (!/[A-Z]/.test(password)) problems.push('upper');
  if (!/[^\da-zA-Z\s]/.test(password)) problems.push('special');
  return problems;
}

export function isValidPassword(password: unknown): password is string {
  return typeof password === 'string' && PASSWORD_PATTERN.test(password);
}

export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
export const EMAIL_MAX = 50;

export function isValidEmail(email: unknown): email is string {
  return typeof email === 'string' && email.length <= EMAIL_MAX && EMAIL_PATTERN.test(email);
}

/** The 18 supported phone area codes with the national mobile number pattern of each (spec §5). */
export const PHONE_AREAS = [
  { region: 'CN', code: '86', pattern: /^1[3-9]\d{9}$/ },
  { region: 'TW', code: '886', pattern: /^0?9\d{8}$/ },
  { region: 'HK', code: '852', pattern: /^[4-9]\d{7}$/ },
  { region: 'MO', code: '853', pattern: /^6\d{7}$/ },
  { region: 'BE', code: '32', pattern: /^0?4\d{8}$/ },
  { region: 'DK', code: '45', pattern: /^[2-9]\d{7}$/ },
  { region: 'FI', code: '358', pattern: /^0?(4\d|50)\d{4,8}$/ },
  { region: 'FR', code: '33', pattern: /^0?[67]\d{8}$/ },
  { region: 'DE', code: '49', pattern: /^0?1[5-7]\d{8,9}$/ },
  { region: 'LU', code: '352', pattern: /^6[269]1\d{6}$/ },
  { region: 'NL', code: '31', pattern: /^0?6\d{8}$/ },
  { region: 'NO', code: '47', pattern: /^[49]\d{7}$/ },
  { region: 'PT', code: '351', pattern: /^9[1236]\d{7}$/ },
  { region: 'ES', code: '34', pattern: /^[67]\d{8}$/ },
  { region: 'GB', code: '44', pattern: /^0?7\d{9}$/ },
  { region: 'US/CA', code: '1', pattern: /^[2-9]\d{2}[2-9]\d{6}$/ },
  { region: 'SG', code: '65', pattern: /^[89]\d{7}$/ },
  { region: 'JP', code: '81', pattern: /^0?[789]0\d{8}$/ },
] as const;

export type AreaCode = (typeof PHONE_AREAS)[number]['code'];
export const DEFAULT_AREA_CODE: AreaCode = '86';

/** The area code as the server stores it: digits only, plus signs stripped (User.qu of spec §3). */
export function normalizeAreaCode(qu: unknown): string {
  return typeof qu === 'string' || typeof qu === 'number' ? String(qu).replace(/[^\d]/g, '') : '';
}

export function isSupportedAreaCode(qu: unknown): qu is AreaCode {
  const code = normalizeAreaCode(qu);
  return PHONE_AREAS.some((area) => area.code === code);
}

/** True when the number matches the mobile pattern of the area code (default +86). */
export function isValidPhone(phone: unknown, qu: unknown = DEFAULT_AREA_CODE): boolean {
  if (typeof phone !== 'string') return false;
  const code = normalizeAreaCode(qu) || DEFAULT_AREA_CODE;
  const area = PHONE_AREAS.find((a) => a.code === code);
  return Boolean(area && area.pattern.test(phone.trim()));
}

export type IdentifierKind = 'email' | 'phone' | 'username';

/** Tells how a sign-in identifier is meant: an email, a phone number (+86 rule), or a user name. */
export function identifierKind(identifier: string): IdentifierKind {
  if (identifier.includes('@')) return 'email';
  if (/^\+?\d[\d\s-]*$/.test(identifier)) return 'phone';
  return 'username';
}

/** Verification codes and captchas are 6 characters (spec §9); checked once trimmed. */
export const VERIFICATION_CODE_LENGTH = 6;
export const CODE_RESEND_SECONDS = 120;

export function isCompleteCode(code: unknown): boolean {
  return typeof code === 'string' && code.trim().length === VERIFICATION_CODE_LENGTH;
}

export const USERNAME_PATTERN = /^[A-Za-z0-9_.@-]{2,30}$/;
export const NICKNAME_MAX = 30;
export const COMPANY_CODE_MAX = 32;

/** Process key (designer): a letter or underscore, then letters, digits, hyphen, dot, underscore or $. */
export const PROCESS_KEY_PATTERN = /^[a-zA-Z_][\w\-.$]*$/;
/** Element id (designer): a letter, then letters, digits, dashes, dots, colons or underscores. */
export const ELEMENT_ID_PATTERN = /^[a-zA-Z][\w\-.:]*$/;

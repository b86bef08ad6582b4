import type { MessageDescriptor } from '@lingui/core';

import {
  type CodeScene,
  sendEmailCode,
  sendSmsCode,
  verifyEmailCode,
  verifySmsCode,
} from './auth.api';
import type { Contact } from './components/ContactFields';
import { emailError, phoneError } from './validation';

/** The error of the active contact field, or null. */
export function contactError(contact: Contact): MessageDescriptor | null {
  return contact.mode === 'phone'
    ? phoneError(contact.phone, contact.qu)
    : emailError(contact.email);
}

export async function sendCodeTo(contact: Contact, scene: CodeScene): Promise<void> {
  if (contact.mode === 'phone') {
    await sendSmsCode({ qu: contact.qu, phonenumber: contact.phone.trim(), scene });
  } else {
    await sendEmailCode({ email: contact.email.trim(), scene });
  }
}

export async function verifyCodeOf(contact: Contact, code: string, scene: CodeScene) {
  const result =
    contact.mode === 'phone'
      ? await verifySmsCode({ qu: contact.qu, phoneNumber: contact.phone.trim(), code, scene })
      : await verifyEmailCode({ email: contact.email.trim(), code, scene });
  return Boolean(result?.verified);
}

import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { DEFAULT_AREA_CODE } from '@platform/contracts';
import { useCallback, useState } from 'react';

import { notify } from '../../lib/notify';
import type { CodeScene } from './auth.api';
import type { Contact } from './components/ContactFields';
import { contactError, sendCodeTo, verifyCodeOf } from './contact';

export type FieldErrors = Record<string, string | null | undefined>;

/** State of a "phone or e-mail + verification code" form: the contact, the code, errors, send, verify. */
export function useContactCode(scene: CodeScene) {
  const { t, i18n } = useLingui();
  const [contact, setContact] = useState<Contact>({
    mode: 'phone',
    qu: DEFAULT_AREA_CODE,
    phone: '',
    email: '',
  });
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const render = useCallback(
    (error: MessageDescriptor | null) => (error ? i18n._(error) : null),
    [i18n],
  );

  const send = async () => {
    const error = render(contactError(contact));
    setErrors((all) => ({ ...all, [contact.mode]: error }));
    if (error) return false;
    await sendCodeTo(contact, scene);
    notify('success', t`Verification code sent`);
    return true;
  };
  const verify = useCallback(
    (value: string) => verifyCodeOf(contact, value, scene),
    [contact, scene],
  );

  return { contact, setContact, code, setCode, errors, setErrors, render, send, verify };
}

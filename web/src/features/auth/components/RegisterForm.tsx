import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { COMPANY_CODE_MAX } from '@platform/contracts';
import { useState } from 'react';

import { setToken } from '../../../lib/auth';
import { notify } from '../../../lib/notify';
import { registerByEmail, registerByPhone } from '../auth.api';
import { contactError } from '../contact';
import { useContactCode } from '../useContactCode';
import { codeError, confirmError, passwordError } from '../validation';
import { AgreementCheckbox } from './AgreementCheckbox';
import { CodeInput } from './CodeInput';
import { ContactFields } from './ContactFields';

/** Registration by phone or e-mail with a verification code; signs the new user in (spec §2, §5). */
export function RegisterForm({
  inviteCode,
  onSignedIn,
  onBack,
}: {
  inviteCode?: string;
  onSignedIn: () => void;
  onBack: () => void;
}) {
  const { t } = useLingui();
  const { contact, setContact, code, setCode, errors, setErrors, render, send, verify } =
    useContactCode('register');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [companyCode, setCompanyCode] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const next = {
      [contact.mode]: render(contactError(contact)),
      code: render(codeError(code)),
      password: render(passwordError(password)),
      confirm: render(confirmError(confirm, password)),
    };
    setErrors(next);
    if (Object.values(next).some(Boolean)) return;
    if (!agreed) {
      notify('warning', t`Please read and agree to the User Agreement and Privacy Policy first`);
      return;
    }
    const common = {
      code: code.trim(),
      password,
      confirmPassword: confirm,
      companyCode: companyCode.trim() || undefined,
      inviteCode,
    };
    setBusy(true);
    try {
      const { token } =
        contact.mode === 'phone'
          ? await registerByPhone({ ...common, qu: contact.qu, phonenumber: contact.phone.trim() })
          : await registerByEmail({ ...common, email: contact.email.trim() });
      setToken(token);
      notify('success', t`Registration succeeded`);
      onSignedIn();
    } catch {
      // The request layer has shown the server's message.
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <ContactFields value={contact} onChange={setContact} errors={errors} />
        <CodeInput
          value={code}
          onChange={setCode}
          onSend={send}
          onVerify={verify}
          error={errors.code}
        />
        <PasswordInput
          label={t`Password`}
          description={t`8 to 32 characters with digits, upper and lower case letters and special characters, no spaces`}
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={errors.password}
          autoComplete="new-password"
          data-testid="register-password"
        />
        <PasswordInput
          label={t`Confirm password`}
          value={confirm}
          onChange={(event) => setConfirm(event.currentTarget.value)}
          error={errors.confirm}
          autoComplete="new-password"
          data-testid="register-confirm"
        />
        <TextInput
          label={t`Company code (optional)`}
          value={companyCode}
          maxLength={COMPANY_CODE_MAX}
          onChange={(event) => setCompanyCode(event.currentTarget.value)}
        />
        <AgreementCheckbox checked={agreed} onChange={setAgreed} />
        <Button type="submit" fullWidth loading={busy} data-testid="register-submit">
          <Trans>Register</Trans>
        </Button>
        <Group justify="flex-end">
          <Anchor component="button" type="button" size="sm" onClick={onBack}>
            <Trans>Already have an account? Sign in</Trans>
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}

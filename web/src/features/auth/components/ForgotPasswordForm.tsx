import '@mantine/core/styles/Stepper.layer.css';

import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Button, Group, PasswordInput, Stack, Stepper, Text } from '@mantine/core';
import { useCallback, useState } from 'react';

import { resetPwdByEmail, resetPwdByPhone } from '../auth.api';
import { contactError } from '../contact';
import { useContactCode } from '../useContactCode';
import { codeError, confirmError, passwordError } from '../validation';
import { CodeInput } from './CodeInput';
import { ContactFields } from './ContactFields';

/** Forgot password: verify the phone or e-mail, then set a new password, then done (spec §2). */
export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const { t } = useLingui();
  const [step, setStep] = useState(0);
  const {
    contact,
    setContact,
    code,
    setCode,
    errors,
    setErrors,
    render,
    send,
    verify: check,
  } = useContactCode('reset');
  const [verified, setVerified] = useState(false);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const verify = useCallback(
    async (value: string) => {
      const ok = await check(value);
      setVerified(ok);
      return ok;
    },
    [check],
  );

  const next = () => {
    const found = { [contact.mode]: render(contactError(contact)), code: render(codeError(code)) };
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    if (!verified) {
      setErrors({ code: t`Please verify the code first` });
      return;
    }
    setStep(1);
  };

  const reset = async () => {
    const found = {
      password: render(passwordError(password)),
      confirm: render(confirmError(confirm, password)),
    };
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setBusy(true);
    try {
      if (contact.mode === 'phone') {
        await resetPwdByPhone({
          qu: contact.qu,
          phonenumber: contact.phone.trim(),
          code,
          password,
        });
      } else {
        await resetPwdByEmail({ email: contact.email.trim(), code, password });
      }
      setStep(2);
    } catch {
      // The request layer has shown the server's message.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="md">
      <Stepper active={step} size="xs">
        <Stepper.Step label={t`Verify identity`}>
          <Stack gap="sm" mt="sm">
            <ContactFields
              value={contact}
              onChange={(value) => {
                setContact(value);
                setVerified(false);
              }}
              errors={errors}
            />
            <CodeInput
              value={code}
              onChange={setCode}
              onSend={send}
              onVerify={verify}
              error={errors.code}
            />
            <Button onClick={next} data-testid="forgot-next">
              <Trans>Next step</Trans>
            </Button>
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={t`New password`}>
          <Stack gap="sm" mt="sm">
            <PasswordInput
              label={t`New password`}
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              error={errors.password}
              autoComplete="new-password"
            />
            <PasswordInput
              label={t`Confirm password`}
              value={confirm}
              onChange={(event) => setConfirm(event.currentTarget.value)}
              error={errors.confirm}
              autoComplete="new-password"
            />
            <Button onClick={reset} loading={busy}>
              <Trans>Next step</Trans>
            </Button>
          </Stack>
        </Stepper.Step>
        <Stepper.Completed>
          <Stack gap="sm" mt="sm" align="center">
            <Text>
              <Trans>Password reset, please sign in</Trans>
            </Text>
            <Button onClick={onBack}>
              <Trans>Back to sign in</Trans>
            </Button>
          </Stack>
        </Stepper.Completed>
      </Stepper>
      {step < 2 ? (
        <Group justify="flex-end">
          <Anchor component="button" type="button" size="sm" onClick={onBack}>
            <Trans>Back to sign in</Trans>
          </Anchor>
        </Group>
      ) : null}
    </Stack>
  );
}

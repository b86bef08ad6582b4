import { useLingui } from '@lingui/react/macro';
import { Trans } from '@lingui/react/macro';
import { Anchor, Button, Group, Image, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import { setToken } from '../../../lib/auth';
import { notify } from '../../../lib/notify';
import { captchaQuery, login } from '../auth.api';
import { identifierError } from '../validation';
import { AgreementCheckbox } from './AgreementCheckbox';

interface LoginValues {
  identifier: string;
  password: string;
  code: string;
}

/** Sign-in by e-mail, phone number (or user name) and password, with the image captcha when enabled. */
export function LoginForm({
  onSignedIn,
  onSwitch,
}: {
  onSignedIn: () => void;
  onSwitch: (panel: 'register' | 'forgot') => void;
}) {
  const { t, i18n } = useLingui();
  const [agreed, setAgreed] = useState(false);
  const [agreementError, setAgreementError] = useState(false);
  const captcha = useQuery(captchaQuery);
  const form = useForm<LoginValues>({
    initialValues: { identifier: '', password: '', code: '' },
    validate: {
      identifier: (value) => {
        const error = identifierError(value);
        return error ? i18n._(error) : null;
      },
      password: (value) => (value ? null : t`Password cannot be empty`),
      code: (value) =>
        captcha.data?.captchaEnabled && !value.trim() ? t`Verification code cannot be empty` : null,
    },
  });

  const submit = async (values: LoginValues) => {
    if (!agreed) {
      setAgreementError(true);
      notify('warning', t`Please read and agree to the User Agreement and Privacy Policy first`);
      return;
    }
    const identifier = values.identifier.trim();
    const byEmail = identifier.includes('@');
    try {
      const { token } = await login({
        ...(byEmail ? { email: identifier } : { username: identifier }),
        password: values.password,
        code: values.code.trim() || undefined,
        uuid: captcha.data?.captchaEnabled ? captcha.data.uuid : undefined,
      });
      setToken(token);
      onSignedIn();
    } catch (error) {
      form.setFieldError('password', error instanceof Error ? error.message : String(error));
      form.setFieldValue('code', '');
      void captcha.refetch();
    }
  };

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="md">
        <TextInput
          label={t`Email or phone number`}
          placeholder={t`Enter your email or phone number`}
          autoComplete="username"
          data-testid="login-identifier"
          {...form.getInputProps('identifier')}
        />
        <PasswordInput
          label={t`Password`}
          placeholder={t`Enter your password`}
          autoComplete="current-password"
          data-testid="login-password"
          {...form.getInputProps('password')}
        />
        {captcha.data?.captchaEnabled ? (
          <Group align="flex-end" wrap="nowrap">
            <TextInput
              style={{ flex: 1 }}
              label={t`Verification code`}
              data-testid="login-captcha"
              {...form.getInputProps('code')}
            />
            <Image
              src={captcha.data.img}
              h={36}
              w={110}
              alt={t`Verification code image, click to refresh`}
              style={{ cursor: 'pointer' }}
              onClick={() => void captcha.refetch()}
            />
          </Group>
        ) : null}
        <div
          style={
            agreementError && !agreed ? { outline: '1px solid var(--mantine-color-red-6)' } : {}
          }
        >
          <AgreementCheckbox checked={agreed} onChange={setAgreed} />
        </div>
        <Button type="submit" fullWidth loading={form.submitting} data-testid="login-submit">
          <Trans>Sign in</Trans>
        </Button>
        <Group justify="space-between">
          <Anchor component="button" type="button" size="sm" onClick={() => onSwitch('forgot')}>
            <Trans>Forgot password?</Trans>
          </Anchor>
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => onSwitch('register')}
            data-testid="to-register"
          >
            <Trans>Register now</Trans>
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}

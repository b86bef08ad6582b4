import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Card, Group, Stack, TextInput, Title } from '@mantine/core';
import { DEFAULT_AREA_CODE, normalizeAreaCode } from '@platform/contracts';
import { useState } from 'react';

import { notify } from '../../../lib/notify';
import { bindEmail, bindPhone, sendEmailCode, sendSmsCode } from '../auth.api';
import { codeError, emailError, phoneError } from '../validation';
import { AreaCodeSelect } from './AreaCodeSelect';
import { CodeInput } from './CodeInput';

interface ContactBindingCardProps {
  qu: string | null;
  phonenumber: string | null;
  email: string | null;
  /** Called after a phone or e-mail was bound, so the page reloads what it shows. */
  onChanged: () => void;
}

// The same words as the server's user.same_phone / user.same_email (spec §5: "Rebinding email or
// phone must differ from the current one"), said before a code is sent.
const SAME_PHONE = msg`The new phone number must differ from the current one`;
const SAME_EMAIL = msg`The new email must differ from the current one`;

/**
 * The personal centre's phone and e-mail binding (spec §6 "Users: bind phone or email"): each new
 * address gets its own code, and the current address is refused.
 */
export function ContactBindingCard({ qu, phonenumber, email, onChanged }: ContactBindingCardProps) {
  return (
    <Card withBorder data-testid="contact-binding">
      <Stack>
        <Title order={2} size="h5">
          <Trans>Phone and e-mail</Trans>
        </Title>
        <PhoneForm currentQu={qu} current={phonenumber} onChanged={onChanged} />
        <EmailForm current={email} onChanged={onChanged} />
      </Stack>
    </Card>
  );
}

type Errors = { target?: string | null; captcha?: string | null };

/**
 * What binding a phone or an e-mail share: the new address is checked before its code is sent and
 * again, with the code, before it is bound; the code is cleared once bound.
 */
function useCodeBinding({
  targetError,
  sendCode,
  bindWith,
  onBound,
}: {
  targetError: () => MessageDescriptor | null;
  sendCode: () => Promise<unknown>;
  bindWith: (captcha: string) => Promise<unknown>;
  onBound: () => void;
}) {
  const { t, i18n } = useLingui();
  const [captcha, setCaptcha] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const render = (error: MessageDescriptor | null) => (error ? i18n._(error) : null);

  const send = async () => {
    const error = render(targetError());
    setErrors({ target: error });
    if (error) return false;
    await sendCode();
    notify('success', t`Verification code sent`);
    return true;
  };

  const bind = async () => {
    const found = { target: render(targetError()), captcha: render(codeError(captcha)) };
    setErrors(found);
    if (found.target || found.captcha) return;
    setBusy(true);
    try {
      await bindWith(captcha.trim());
      setCaptcha('');
      onBound();
    } finally {
      setBusy(false);
    }
  };

  return { captcha, setCaptcha, errors, busy, send, bind };
}

function PhoneForm({
  currentQu,
  current,
  onChanged,
}: {
  currentQu: string | null;
  current: string | null;
  onChanged: () => void;
}) {
  const { t } = useLingui();
  const [qu, setQu] = useState<string>(DEFAULT_AREA_CODE);
  const [phone, setPhone] = useState('');
  const { captcha, setCaptcha, errors, busy, send, bind } = useCodeBinding({
    targetError: () => {
      const same =
        Boolean(current) &&
        phone.trim() === current &&
        normalizeAreaCode(qu) === normalizeAreaCode(currentQu ?? DEFAULT_AREA_CODE);
      return phoneError(phone, qu) ?? (same ? SAME_PHONE : null);
    },
    sendCode: () => sendSmsCode({ qu, phonenumber: phone.trim(), scene: 'bind' }),
    bindWith: (code) => bindPhone({ qu, phonenumber: phone.trim(), captcha: code }),
    onBound: () => {
      notify('success', current ? t`Phone number changed` : t`Phone number bound`);
      setPhone('');
      onChanged();
    },
  });

  return (
    <Stack gap="xs" data-testid="phone-change">
      <Group align="flex-start" wrap="nowrap" gap="xs">
        <AreaCodeSelect value={qu} onChange={setQu} />
        <TextInput
          style={{ flex: 1 }}
          aria-label={current ? t`New phone number` : t`Phone number`}
          placeholder={current ? t`New phone number` : t`Phone number`}
          value={phone}
          onChange={(event) => setPhone(event.currentTarget.value)}
          error={errors.target}
        />
      </Group>
      <CodeInput value={captcha} onChange={setCaptcha} onSend={send} error={errors.captcha} />
      <Button onClick={bind} loading={busy} w={160}>
        {current ? <Trans>Change phone</Trans> : <Trans>Bind phone</Trans>}
      </Button>
    </Stack>
  );
}

function EmailForm({ current, onChanged }: { current: string | null; onChanged: () => void }) {
  const { t } = useLingui();
  const [email, setEmail] = useState('');
  const { captcha, setCaptcha, errors, busy, send, bind } = useCodeBinding({
    targetError: () => {
      const same = Boolean(current) && email.trim().toLowerCase() === current?.toLowerCase();
      return emailError(email) ?? (same ? SAME_EMAIL : null);
    },
    sendCode: () => sendEmailCode({ email: email.trim(), scene: 'bind' }),
    bindWith: (code) => bindEmail({ email: email.trim(), captcha: code }),
    onBound: () => {
      notify('success', current ? t`Email changed` : t`Email bound`);
      setEmail('');
      onChanged();
    },
  });

  return (
    <Stack gap="xs" data-testid="email-change">
      <TextInput
        type="email"
        aria-label={current ? t`New email` : t`Email`}
        placeholder={current ? t`New email` : t`Email`}
        value={email}
        onChange={(event) => setEmail(event.currentTarget.value)}
        error={errors.target}
      />
      <CodeInput value={captcha} onChange={setCaptcha} onSend={send} error={errors.captcha} />
      <Button onClick={bind} loading={busy} w={160}>
        {current ? <Trans>Change email</Trans> : <Trans>Bind email</Trans>}
      </Button>
    </Stack>
  );
}

import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { DEFAULT_AREA_CODE } from '@platform/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import { useSession } from '../../../lib/auth';
import { notify } from '../../../lib/notify';
import { bindPhone, checkMainland, sendSmsCode } from '../auth.api';
import { codeError, phoneError } from '../validation';
import { AreaCodeSelect } from './AreaCodeSelect';
import { CodeInput } from './CodeInput';

/** The reward for binding a phone number (spec §9). */
export const BINDING_REWARD = 50;

/**
 * Shows only when the user is not an administrator, has no phone number and the mainland check says
 * so (spec §4). It cannot be dismissed: bind, or log out. A successful bind reloads the page.
 */
export function usePhoneBindingNeeded(): boolean {
  const user = useSession((state) => state.user);
  const eligible = Boolean(user && !user.admin && !user.phonenumber);
  const check = useQuery({
    queryKey: ['checkMainland', user?.userId],
    queryFn: checkMainland,
    enabled: eligible,
    staleTime: Infinity,
  });
  return eligible && check.data?.isMainland === true;
}

export function PhoneBindingDialog({ onLogout }: { onLogout: () => void }) {
  const { t, i18n } = useLingui();
  const [qu, setQu] = useState<string>(DEFAULT_AREA_CODE);
  const [phone, setPhone] = useState('');
  const [captcha, setCaptcha] = useState('');
  const [errors, setErrors] = useState<{ phone?: string | null; captcha?: string | null }>({});
  const [busy, setBusy] = useState(false);
  const render = (error: ReturnType<typeof codeError>) => (error ? i18n._(error) : null);

  const send = async () => {
    const error = render(phoneError(phone, qu));
    setErrors({ phone: error });
    if (error) return false;
    await sendSmsCode({ qu, phonenumber: phone.trim(), scene: 'bind' });
    notify('success', t`Verification code sent`);
    return true;
  };

  const bind = async () => {
    const found = { phone: render(phoneError(phone, qu)), captcha: render(codeError(captcha)) };
    setErrors(found);
    if (found.phone || found.captcha) return;
    setBusy(true);
    try {
      await bindPhone({ qu, phonenumber: phone.trim(), captcha: captcha.trim() });
      window.location.reload();
    } catch {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      title={t`Bind your phone number`}
      data-testid="phone-binding"
    >
      <Stack gap="sm">
        <Alert color="brand" variant="light">
          <Trans>Bind your phone number to receive a reward of {BINDING_REWARD} points.</Trans>
        </Alert>
        <Group align="flex-start" wrap="nowrap" gap="xs">
          <AreaCodeSelect value={qu} onChange={setQu} />
          <TextInput
            style={{ flex: 1 }}
            aria-label={t`Phone number`}
            placeholder={t`Phone number`}
            value={phone}
            onChange={(event) => setPhone(event.currentTarget.value)}
            error={errors.phone}
          />
        </Group>
        <CodeInput value={captcha} onChange={setCaptcha} onSend={send} error={errors.captcha} />
        <Group justify="space-between" mt="sm">
          <Button variant="default" onClick={onLogout}>
            <Trans>Log out</Trans>
          </Button>
          <Button onClick={bind} loading={busy}>
            <Trans>Bind</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

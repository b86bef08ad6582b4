import { Trans, useLingui } from '@lingui/react/macro';
import { Button, TextInput } from '@mantine/core';
import { CODE_RESEND_SECONDS, isCompleteCode } from '@platform/contracts';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';

import { useCountdown } from '../useCountdown';

export type VerifyState = 'idle' | 'verifying' | 'verified' | 'failed';

interface CodeInputProps {
  value: string;
  onChange: (value: string) => void;
  /** Sends a code; resolves false when the target is not valid yet (nothing sent). */
  onSend: () => Promise<boolean>;
  /** Checks a complete code with the server; called once for each 6-character value. */
  onVerify?: (code: string) => Promise<boolean>;
  error?: string | null;
  label?: string;
}

/**
 * Verification code input with its send button: a new code can be asked for only after the 120 s
 * countdown; once exactly 6 characters are typed (trimmed) the code is checked automatically (spec §5).
 */
export function CodeInput({ value, onChange, onSend, onVerify, error, label }: CodeInputProps) {
  const { t } = useLingui();
  const { remaining, start, running } = useCountdown(CODE_RESEND_SECONDS);
  const [sending, setSending] = useState(false);
  const [state, setState] = useState<VerifyState>('idle');
  const checked = useRef('');

  useEffect(() => {
    const code = value.trim();
    if (!onVerify || !isCompleteCode(code)) {
      setState('idle');
      checked.current = '';
      return;
    }
    if (checked.current === code) return;
    checked.current = code;
    setState('verifying');
    onVerify(code).then(
      (ok) => setState(ok ? 'verified' : 'failed'),
      () => setState('failed'),
    );
  }, [value, onVerify]);

  const send = async () => {
    if (running) return;
    setSending(true);
    try {
      if (await onSend()) start();
    } finally {
      setSending(false);
    }
  };

  return (
    <TextInput
      label={label ?? t`Verification code`}
      placeholder={t`6-character code`}
      value={value}
      maxLength={6}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error ?? (state === 'failed' ? t`CAPTCHA verification failed` : undefined)}
      data-testid="code-input"
      leftSection={state === 'verified' ? <IconCircleCheck size={16} color="green" /> : undefined}
      rightSectionWidth={120}
      rightSection={
        <Button
          size="compact-sm"
          variant="light"
          disabled={running}
          loading={sending}
          onClick={send}
          data-testid="send-code"
        >
          {running ? <Trans>Resend in {remaining} s</Trans> : <Trans>Get code</Trans>}
        </Button>
      }
    />
  );
}

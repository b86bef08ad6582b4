import { Trans } from '@lingui/react/macro';
import { Anchor, Checkbox } from '@mantine/core';

/** "I have read and agree…": must be ticked before signing in or registering (spec §2). */
export function AgreementCheckbox({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <Checkbox
      checked={checked}
      onChange={(event) => onChange(event.currentTarget.checked)}
      data-testid="agreement"
      size="xs"
      label={
        <Trans>
          I have read and agree to the{' '}
          <Anchor href="/agreement?tab=user" target="_blank" size="xs">
            User Agreement
          </Anchor>{' '}
          and the{' '}
          <Anchor href="/agreement?tab=privacy" target="_blank" size="xs">
            Privacy Policy
          </Anchor>
        </Trans>
      }
    />
  );
}

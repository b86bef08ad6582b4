import { useLingui } from '@lingui/react/macro';
import { Group, SegmentedControl, TextInput } from '@mantine/core';

import { AreaCodeSelect } from './AreaCodeSelect';

export type ContactMode = 'phone' | 'email';

export interface Contact {
  mode: ContactMode;
  qu: string;
  phone: string;
  email: string;
}

/** Phone (area code + number) or e-mail, switched by a segmented control. */
export function ContactFields({
  value,
  onChange,
  errors,
}: {
  value: Contact;
  onChange: (next: Contact) => void;
  errors: { phone?: string | null; email?: string | null };
}) {
  const { t } = useLingui();
  return (
    <>
      <SegmentedControl
        fullWidth
        value={value.mode}
        onChange={(mode) => onChange({ ...value, mode: mode as ContactMode })}
        data={[
          { value: 'phone', label: t`By phone` },
          { value: 'email', label: t`By email` },
        ]}
        data-testid="contact-mode"
      />
      {value.mode === 'phone' ? (
        <Group align="flex-start" wrap="nowrap" gap="xs">
          <AreaCodeSelect value={value.qu} onChange={(qu) => onChange({ ...value, qu })} />
          <TextInput
            style={{ flex: 1 }}
            aria-label={t`Phone number`}
            placeholder={t`Phone number`}
            value={value.phone}
            onChange={(event) => onChange({ ...value, phone: event.currentTarget.value })}
            error={errors.phone}
            data-testid="contact-phone"
          />
        </Group>
      ) : (
        <TextInput
          aria-label={t`Email`}
          placeholder={t`Email`}
          value={value.email}
          onChange={(event) => onChange({ ...value, email: event.currentTarget.value })}
          error={errors.email}
          data-testid="contact-email"
        />
      )}
    </>
  );
}

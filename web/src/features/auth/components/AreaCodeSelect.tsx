import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/ScrollArea.layer.css';

import { useLingui } from '@lingui/react/macro';
import { Select } from '@mantine/core';
import { PHONE_AREAS } from '@platform/contracts';
import { useMemo } from 'react';

import { REGION_NAMES } from '../validation';

/** The 18 supported area codes (spec §5), +86 first and by default. */
export function AreaCodeSelect({
  value,
  onChange,
}: {
  value: string;
  onChange: (code: string) => void;
}) {
  const { t, i18n } = useLingui();
  const data = useMemo(
    () =>
      PHONE_AREAS.map((area) => ({
        value: area.code,
        label: `+${area.code} ${i18n._(REGION_NAMES[area.region])}`,
      })),
    [i18n],
  );
  return (
    <Select
      aria-label={t`Area code`}
      data={data}
      value={value}
      onChange={(next) => next && onChange(next)}
      allowDeselect={false}
      searchable
      w={190}
      comboboxProps={{ withinPortal: true }}
      data-testid="area-code"
    />
  );
}

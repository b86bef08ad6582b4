import { useLingui } from '@lingui/react/macro';
import { SegmentedControl } from '@mantine/core';
import { LANGUAGE_ENDONYMS } from '@platform/contracts';

import { activateLanguage } from '../lib/i18n';

/**
 * zh / En switch (Chinese named in Chinese whatever the UI language, as language switches do): shows the
 * other language at once and stores it under saas.lang (spec §1).
 */
export function LanguageSwitch({ size = 'xs' }: { size?: 'xs' | 'sm' }) {
  const { i18n, t } = useLingui();
  return (
    <SegmentedControl
      size={size}
      aria-label={t`Language`}
      value={i18n.locale}
      onChange={(lang) => void activateLanguage(lang === 'en' ? 'en' : 'zh')}
      data={[
        { value: 'zh', label: <span data-testid="lang-zh">{LANGUAGE_ENDONYMS.zh}</span> },
        { value: 'en', label: <span data-testid="lang-en">En</span> },
      ]}
    />
  );
}

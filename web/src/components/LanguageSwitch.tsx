import { useLingui } from '@lingui/react/macro';
import { SegmentedControl } from '@mantine/core';

import { activateLanguage } from '../lib/i18n';

/** Chinese named in Chinese whatever the UI language, as language switches do; from ICU, not typed here. */
const CHINESE_ENDONYM = new Intl.DisplayNames(['zh'], { type: 'language' }).of('zh') ?? 'zh';

/** zh / En switch: shows the other language at once and stores it under saas.lang (spec §1). */
export function LanguageSwitch({ size = 'xs' }: { size?: 'xs' | 'sm' }) {
  const { i18n, t } = useLingui();
  return (
    <SegmentedControl
      size={size}
      aria-label={t`Language`}
      value={i18n.locale}
      onChange={(lang) => void activateLanguage(lang === 'en' ? 'en' : 'zh')}
      data={[
        { value: 'zh', label: <span data-testid="lang-zh">{CHINESE_ENDONYM}</span> },
        { value: 'en', label: <span data-testid="lang-en">En</span> },
      ]}
    />
  );
}

import { useLingui } from '@lingui/react/macro';
import { Group, Text } from '@mantine/core';

/** The product mark and name; the name is hidden when `compact`. */
export function Logo({ compact = false, color }: { compact?: boolean; color?: string }) {
  const { t } = useLingui();
  return (
    <Group gap={8} wrap="nowrap">
      <img src="/favicon.svg" width={28} height={28} alt="" />
      {compact ? null : (
        <Text fw={700} size="md" c={color} style={{ whiteSpace: 'nowrap' }}>
          {t`AbDesign`}
        </Text>
      )}
    </Group>
  );
}

import { Trans } from '@lingui/react/macro';
import { Button, Group } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';

/** JSON and CSV export of a tab's results. */
export function ExportButtons({
  onJson,
  onCsv,
  testId,
}: {
  onJson: () => void;
  onCsv: () => void;
  testId: string;
}) {
  const formats = [
    { format: 'json', onClick: onJson, label: <Trans>Export JSON</Trans> },
    { format: 'csv', onClick: onCsv, label: <Trans>Export CSV</Trans> },
  ];
  return (
    <Group gap="xs">
      {formats.map(({ format, onClick, label }) => (
        <Button
          key={format}
          size="xs"
          variant="default"
          leftSection={<IconDownload size={14} />}
          onClick={onClick}
          data-testid={`${testId}-${format}`}
        >
          {label}
        </Button>
      ))}
    </Group>
  );
}

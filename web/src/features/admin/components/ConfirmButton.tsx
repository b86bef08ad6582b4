import { ActionIcon, Tooltip } from '@mantine/core';
import { type ReactNode, useState } from 'react';

import { ConfirmDialog } from '../../layout/components/ConfirmDialog';

/** An icon button that asks before it acts (deletes, force logout, clean). */
export function ConfirmButton({
  icon,
  label,
  message,
  testId,
  onConfirm,
}: {
  icon: ReactNode;
  label: string;
  message: string;
  testId: string;
  onConfirm: () => Promise<void>;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip label={label}>
        <ActionIcon variant="subtle" color="red" data-testid={testId} onClick={() => setOpen(true)}>
          {icon}
        </ActionIcon>
      </Tooltip>
      <ConfirmDialog
        opened={open}
        message={message}
        onCancel={() => setOpen(false)}
        onConfirm={() => {
          setOpen(false);
          void onConfirm().catch(() => undefined);
        }}
      />
    </>
  );
}

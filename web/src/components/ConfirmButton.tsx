import { type ReactNode, useState } from 'react';

import { ConfirmDialog } from './ConfirmDialog';
import { IconButton } from './IconButton';

/** An icon button that asks before it acts (deletes, force logout, clean, deploy). */
export function ConfirmButton({
  icon,
  label,
  message,
  testId,
  onConfirm,
  color = 'red',
}: {
  icon: ReactNode;
  label: string;
  message: string;
  testId: string;
  onConfirm: () => Promise<void>;
  /** Red for what destroys; another colour for what only asks to be sure (deploy). */
  color?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <IconButton
        label={label}
        variant="subtle"
        color={color}

        data-testid={testId}
        onClick={() => setOpen(true)}
      >
        {icon}
      </IconButton>
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

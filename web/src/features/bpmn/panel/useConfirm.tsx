import { useState } from 'react';

import { ConfirmDialog } from '../../../components/ConfirmDialog';

/** A yes/no question before a removal (spec §5): cancel does nothing. */
export function useConfirm() {
  const [pending, setPending] = useState<{ message: string; onYes(): void } | null>(null);
  const dialog = (
    <ConfirmDialog
      opened={!!pending}
      message={pending?.message ?? ''}
      onConfirm={() => {
        pending?.onYes();
        setPending(null);
      }}
      onCancel={() => setPending(null)}
    />
  );
  const ask = (message: string, onYes: () => void) => setPending({ message, onYes });
  return { dialog, ask };
}

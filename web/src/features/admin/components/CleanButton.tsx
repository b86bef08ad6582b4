import { useLingui } from '@lingui/react/macro';
import { IconTrash } from '@tabler/icons-react';

import { ConfirmButton } from '../../../components/ConfirmButton';
import { deleteEntity } from '../../../lib/crud.api';
import { notify } from '../../../lib/notify';

/** Deletes every entry of a log after a confirmation, then refreshes the list. */
export function CleanButton({ url, refresh }: { url: string; refresh: () => void }) {
  const { t } = useLingui();
  return (
    <ConfirmButton
      icon={<IconTrash size={16} />}
      label={t`Clean`}
      testId="clean"
      message={t`Delete all entries?`}
      onConfirm={async () => {
        await deleteEntity(url);
        notify('success', t`Cleaned`);
        refresh();
      }}
    />
  );
}

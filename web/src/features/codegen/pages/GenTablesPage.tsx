import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@mantine/core';
import { type GenTable, PERMISSIONS as P } from '@platform/contracts';
import {
  IconDownload,
  IconEdit,
  IconEye,
  IconFileImport,
  IconRefresh,
  IconTrash,
} from '@tabler/icons-react';
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';

import { ConfirmButton } from '../../../components/ConfirmButton';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { CrudPage } from '../../../components/CrudPage';
import { IconButton } from '../../../components/IconButton';
import { HasPermi } from '../../../components/Permission';
import { formatTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import {
  downloadCode,
  editPath,
  GEN_BASE_URL,
  GEN_LIST_URL,
  removeGenTables,
  syncFromDb,
} from '../codegen.api';
import { ImportTablesModal } from '../components/ImportTablesModal';
import { PreviewModal } from '../components/PreviewModal';

type Row = GenTable & Record<string, unknown>;

/** tool/gen/index: the tables imported for code generation and what can be done with each. */
export function GenTablesPage() {
  const { t, i18n } = useLingui();
  const router = useRouter();
  const [importing, setImporting] = useState(false);
  const [previewing, setPreviewing] = useState<GenTable | null>(null);
  const [removing, setRemoving] = useState<{ ids: number[]; done: () => void } | null>(null);
  const download = (rows: GenTable[]) =>
    void downloadCode(
      rows.map((r) => r.tableId),
      rows.length === 1 ? rows[0]!.tableName : 'platform-gen',
    ).catch(() => undefined);
  return (
    <>
      <CrudPage<Row>
        config={{
          testId: 'gen-page',
          listUrl: GEN_LIST_URL,
          baseUrl: GEN_BASE_URL,
          idKey: 'tableId',
          selectable: true,
          rowLabel: (r) => r.tableName,
          filters: [
            { name: 'tableName', label: t`Table name` },
            { name: 'tableComment', label: t`Table comment` },
          ],
          columns: [
            { key: 'tableName', title: t`Table name` },
            { key: 'tableComment', title: t`Table comment` },
            { key: 'service', title: t`Service` },
            { key: 'className', title: t`Class name` },
            {
              key: 'createTime',
              title: t`Created`,
              render: (r) => formatTime(r.createTime, i18n.locale),
            },
            {
              key: 'updateTime',
              title: t`Updated`,
              render: (r) => formatTime(r.updateTime, i18n.locale),
            },
          ],
          permissions: { remove: P.tool.gen.remove },
          toolbar: (refresh, _filters, selected) => (
            <>
              <HasPermi value={P.tool.gen.import}>
                <Button
                  variant="light"
                  leftSection={<IconFileImport size={16} />}
                  onClick={() => setImporting(true)}
                  data-testid="gen-import"
                >
                  <Trans>Import</Trans>
                </Button>
                <ImportTablesModal
                  opened={importing}
                  onClose={() => setImporting(false)}
                  onImported={refresh}
                />
              </HasPermi>
              <HasPermi value={P.tool.gen.code}>
                <Button
                  variant="light"
                  color="orange"
                  leftSection={<IconDownload size={16} />}
                  disabled={selected.length === 0}
                  onClick={() => download(selected)}
                  data-testid="gen-download-selected"
                >
                  <Trans>Generate code</Trans>
                </Button>
              </HasPermi>
              <HasPermi value={P.tool.gen.remove}>
                <Button
                  variant="light"
                  color="red"
                  leftSection={<IconTrash size={16} />}
                  disabled={selected.length === 0}
                  onClick={() =>
                    setRemoving({ ids: selected.map((r) => r.tableId), done: refresh })
                  }
                  data-testid="gen-remove-selected"
                >
                  <Trans>Delete</Trans>
                </Button>
              </HasPermi>
            </>
          ),
          rowActions: (row, refresh) => (
            <>
              <HasPermi value={P.tool.gen.preview}>
                <IconButton
                  label={t`Preview`}
                  variant="subtle"
                  onClick={() => setPreviewing(row)}
                  data-testid="gen-preview"
                >
                  <IconEye size={16} />
                </IconButton>
              </HasPermi>
              <HasPermi value={P.tool.gen.edit}>
                <IconButton
                  label={t`Edit`}
                  variant="subtle"
                  onClick={() => router.history.push(editPath(row.tableId))}
                  data-testid="gen-edit"
                >
                  <IconEdit size={16} />
                </IconButton>
              </HasPermi>
              <HasPermi value={P.tool.gen.edit}>
                <ConfirmButton
                  icon={<IconRefresh size={16} />}
                  label={t`Sync from database`}
                  color="blue"
                  testId="gen-sync"
                  message={t`Read the columns of ${row.tableName} from its database again? Settings of columns that are gone are lost.`}
                  onConfirm={async () => {
                    await syncFromDb(row.tableId);
                    notify('success', t`Synchronised`);
                    refresh();
                  }}
                />
              </HasPermi>
              <HasPermi value={P.tool.gen.code}>
                <IconButton
                  label={t`Generate code`}
                  variant="subtle"
                  onClick={() => download([row])}
                  data-testid="gen-download"
                >
                  <IconDownload size={16} />
                </IconButton>
              </HasPermi>
            </>
          ),
        }}
      />
      <PreviewModal table={previewing} onClose={() => setPreviewing(null)} />
      <ConfirmDialog
        opened={removing !== null}
        message={t`Delete the ${removing?.ids.length ?? 0} selected tables?`}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          const target = removing;
          setRemoving(null);
          if (!target) return;
          void removeGenTables(target.ids)
            .then(() => {
              notify('success', t`Deleted`);
              target.done();
            })
            .catch(() => undefined);
        }}
      />
    </>
  );
}

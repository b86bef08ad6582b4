import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Button, Group } from '@mantine/core';
import type { MissionView } from '@platform/contracts';
import { IconFileZip } from '@tabler/icons-react';
import { useState } from 'react';

import { downloadStoredFile } from '../../../lib/stored-files';
import { missionApi } from '../mission.api';

/** The folder every one of the stored names lies in (`/profile/upload/5/2026/11/29`), or ''. */
export function commonFolder(files: readonly string[]): string {
  const folders = files.map((file) => file.split('/').slice(0, -1));
  const shared: string[] = [];
  for (let i = 0; folders.every((parts) => i < parts.length && parts[i] === folders[0]![i]); i++) {
    shared.push(folders[0]![i]!);
  }
  return shared.join('/');
}

/**
 * A mission's files: each one downloads on its own, and all of them as one zip, which the gateway
 * builds from the folder they share (GET /wujie/mission/{id}/files/zip?path=).
 */
export function MissionFiles({
  mission,
}: {
  mission: Pick<MissionView, 'id' | 'code' | 'inputs'>;
}) {
  const { t } = useLingui();
  const [zipping, setZipping] = useState(false);
  const files = mission.inputs.files ?? [];
  if (!files.length) return null;
  const zip = async () => {
    setZipping(true);
    try {
      await missionApi.downloadFilesZip(mission, commonFolder(files));
    } catch {
      // The request layer has shown why.
    } finally {
      setZipping(false);
    }
  };
  return (
    <Group gap="xs" data-testid="mission-files">
      {files.map((file) => {
        const name = file.split('/').pop() ?? file;
        return (
          <Badge
            key={file}
            component="button"
            type="button"
            variant="outline"
            tt="none"
            title={t`Download ${name}`}
            style={{ cursor: 'pointer' }}
            onClick={() => void downloadStoredFile(file, name).catch(() => undefined)}
          >
            {file}
          </Badge>
        );
      })}
      <Button
        size="compact-xs"
        variant="light"
        leftSection={<IconFileZip size={14} />}
        loading={zipping}
        onClick={() => void zip()}
        data-testid="mission-files-zip"
      >
        <Trans>Download all as zip</Trans>
      </Button>
    </Group>
  );
}

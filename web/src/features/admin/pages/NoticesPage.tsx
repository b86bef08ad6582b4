import { useLingui } from '@lingui/react/macro';
import { Modal, Title, Typography } from '@mantine/core';
import { type NoticeView, PERMISSIONS as P } from '@platform/contracts';
import { IconEye } from '@tabler/icons-react';
import { useState } from 'react';

import { CrudPage } from '../../../components/CrudPage';
import { IconButton } from '../../../components/IconButton';
import { dictOptions, DictTag, useDict } from '../../../hooks/useDict';
import { RichTextEditor } from '../components/RichTextEditor';

/** Shows sanitised HTML from the server (the allow-list runs there, on every save). */
export function SafeHtml({ html, testId }: { html: string; testId: string }) {
  return (
    <Typography>
      <div data-testid={testId} dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}

/** system/notice/index: notices with rich text, how many have read each. */
export function NoticesPage() {
  const { t } = useLingui();
  const [viewing, setViewing] = useState<NoticeView | null>(null);
  const types = dictOptions(useDict('sys_notice_type'));
  const status = dictOptions(useDict('sys_notice_status'));
  return (
    <>
      <CrudPage<NoticeView & Record<string, unknown>>
        config={{
          testId: 'notices-page',
          listUrl: '/system/notice/list',
          baseUrl: '/system/notice',
          idKey: 'noticeId',
          filters: [
            { name: 'noticeTitle', label: t`Title` },
            { name: 'createBy', label: t`Author` },
            { name: 'noticeType', label: t`Type`, type: 'select', options: types },
          ],
          columns: [
            { key: 'noticeId', title: t`ID` },
            { key: 'noticeTitle', title: t`Title` },
            {
              key: 'noticeType',
              title: t`Type`,
              render: (r) => <DictTag type="sys_notice_type" value={r.noticeType} />,
            },
            {
              key: 'status',
              title: t`Status`,
              render: (r) => <DictTag type="sys_notice_status" value={r.status} />,
            },
            { key: 'readCount', title: t`Read by` },
            { key: 'createBy', title: t`Author` },
            {
              key: 'createTime',
              title: t`Created`,
              render: (r) => new Date(r.createTime).toLocaleString(),
            },
          ],
          form: [
            { name: 'noticeTitle', label: t`Title`, required: true },
            { name: 'noticeType', label: t`Type`, type: 'select', options: types, required: true },
            { name: 'status', label: t`Status`, type: 'select', options: status },
            {
              name: 'noticeContent',
              label: t`Content`,
              type: 'custom',
              render: (value, onChange) => (
                <RichTextEditor
                  label={t`Content`}
                  value={String(value ?? '')}
                  onChange={onChange}
                />
              ),
            },
          ],
          defaults: { noticeType: '1', status: '0', noticeContent: '' },
          permissions: {
            add: P.system.notice.add,
            edit: P.system.notice.edit,
            remove: P.system.notice.remove,
          },
          rowActions: (row) => (
            <IconButton
              label={t`View`}
              variant="subtle"
              data-testid="view"
              onClick={() => setViewing(row)}
            >
              <IconEye size={16} />
            </IconButton>
          ),
        }}
      />
      <Modal
        opened={viewing !== null}
        onClose={() => setViewing(null)}
        size="lg"
        title={viewing?.noticeTitle}
      >
        {viewing ? (
          <>
            <Title order={2} size="h4" mb="sm" data-testid="notice-title">
              {viewing.noticeTitle}
            </Title>
            <SafeHtml html={viewing.noticeContent} testId="notice-content" />
          </>
        ) : null}
      </Modal>
    </>
  );
}

import { useLingui } from '@lingui/react/macro';
import { PERMISSIONS as P, type PostView } from '@platform/contracts';

import { CrudPage } from '../../../components/CrudPage';
import { dictOptions, DictTag, useDict } from '../../../hooks/useDict';

/** system/post/index. */
export function PostsPage() {
  const { t, i18n } = useLingui();
  const status = dictOptions(useDict('sys_normal_disable'));
  return (
    <CrudPage<PostView & Record<string, unknown>>
      config={{
        testId: 'posts-page',
        listUrl: '/system/post/list',
        baseUrl: '/system/post',
        idKey: 'postId',
        filters: [
          { name: 'postCode', label: t`Post code` },
          { name: 'postName', label: t`Post name` },
        ],
        columns: [
          { key: 'postId', title: t`ID` },
          { key: 'postCode', title: t`Post code` },
          {
            key: 'postName',
            title: t`Post name`,
            render: (r) => (i18n.locale === 'en' ? r.postNameEn || r.postName : r.postName),
          },
          { key: 'postSort', title: t`Order` },
          {
            key: 'status',
            title: t`Status`,
            render: (r) => <DictTag type="sys_normal_disable" value={r.status} />,
          },
        ],
        form: [
          { name: 'postCode', label: t`Post code`, required: true },
          { name: 'postName', label: t`Post name`, required: true },
          { name: 'postNameEn', label: t`Post name (English)` },
          { name: 'postSort', label: t`Order`, type: 'number', required: true },
          { name: 'status', label: t`Status`, type: 'select', options: status },
          { name: 'remark', label: t`Remark`, type: 'textarea' },
        ],
        defaults: { status: '0', postSort: 1 },
        permissions: {
          add: P.system.post.add,
          edit: P.system.post.edit,
          remove: P.system.post.remove,
          export: P.system.post.export,
        },
        exportUrl: '/system/post/export',
      }}
    />
  );
}

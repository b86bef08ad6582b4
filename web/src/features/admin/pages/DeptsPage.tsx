import { useLingui } from '@lingui/react/macro';
import { type DeptView, PERMISSIONS as P, type TreeNode } from '@platform/contracts';
import { useQuery } from '@tanstack/react-query';

import { CrudPage } from '../../../components/CrudPage';
import { dictOptions, DictTag, useDict } from '../../../hooks/useDict';
import { fetchData, treeOptions } from '../../../lib/crud.api';
import { when } from '../format';

/** system/dept/index: the department tree as an indented table. */
export function DeptsPage() {
  const { t, i18n } = useLingui();
  const status = dictOptions(useDict('sys_normal_disable'));
  const tree = useQuery({
    queryKey: ['dept-tree', i18n.locale],
    queryFn: () => fetchData<TreeNode[]>('/system/user/deptTree'),
  });
  const parents = [
    { value: '0', label: t`(top level)` },
    ...treeOptions(tree.data ?? [], i18n.locale),
  ];
  return (
    <CrudPage<DeptView & Record<string, unknown>>
      config={{
        testId: 'depts-page',
        listUrl: '/system/dept/list',
        baseUrl: '/system/dept',
        idKey: 'deptId',
        paged: false,
        depthOf: (r) => Math.max(0, r.ancestors.split(',').length - 2),
        filters: [{ name: 'deptName', label: t`Department name` }],
        columns: [
          {
            key: 'deptName',
            title: t`Department name`,
            render: (r) => (i18n.locale === 'en' ? r.deptNameEn || r.deptName : r.deptName),
          },
          { key: 'orderNum', title: t`Order` },
          { key: 'leader', title: t`Leader` },
          {
            key: 'status',
            title: t`Status`,
            render: (r) => <DictTag type="sys_normal_disable" value={r.status} />,
          },
          { key: 'createTime', title: t`Created`, render: (r) => when(r.createTime) },
        ],
        form: [
          {
            name: 'parentId',
            label: t`Parent department`,
            type: 'select',
            options: parents,
            optionsLoading: tree.isPending,
            required: true,
          },
          { name: 'deptName', label: t`Department name`, required: true },
          { name: 'deptNameEn', label: t`Department name (English)` },
          { name: 'orderNum', label: t`Order`, type: 'number' },
          { name: 'leader', label: t`Leader` },
          { name: 'phone', label: t`Phone` },
          { name: 'email', label: t`Email` },
          { name: 'status', label: t`Status`, type: 'select', options: status },
        ],
        defaults: { parentId: '100', status: '0', orderNum: 0 },
        loadForEdit: async (row) => ({ ...row, parentId: String(row.parentId) }),
        toBody: (v) => ({ ...v, parentId: Number(v.parentId), email: v.email || undefined }),
        permissions: {
          add: P.system.dept.add,
          edit: P.system.dept.edit,
          remove: P.system.dept.remove,
        },
      }}
    />
  );
}

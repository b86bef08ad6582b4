import { useLingui } from '@lingui/react/macro';
import { Group, MultiSelect, Select } from '@mantine/core';
import {
  MENU_ICON_NAMES,
  type MenuView,
  PERMISSION_CATALOGUE,
  PERMISSIONS as P,
  permissionsOf,
  type TreeNode,
} from '@platform/contracts';
import { useQuery } from '@tanstack/react-query';

import { CrudPage } from '../../../components/CrudPage';
import { MenuIcon } from '../../../components/menuIcons';
import { dictOptions, DictTag, useDict } from '../../../hooks/useDict';
import { fetchData, treeOptions } from '../../../lib/crud.api';

const PERMISSION_OPTIONS = [...PERMISSION_CATALOGUE].sort();

/** system/menu/index: directories, pages and buttons. */
export function MenusPage() {
  const { t, i18n } = useLingui();
  const status = dictOptions(useDict('sys_normal_disable'));
  const shown = dictOptions(useDict('sys_show_hide'));
  const tree = useQuery({
    queryKey: ['menu-tree', i18n.locale],
    queryFn: () => fetchData<TreeNode[]>('/system/menu/treeselect'),
  });
  const list = useQuery({
    queryKey: ['menu-depth'],
    queryFn: () => fetchData<MenuView[]>('/system/menu/list'),
  });
  const parentOf = new Map((list.data ?? []).map((m) => [m.menuId, m.parentId]));
  const depth = (m: MenuView) => {
    let d = 0;
    for (let p = m.parentId; p && d < 10; p = parentOf.get(p) ?? 0) d += 1;
    return d;
  };
  const types = [
    { value: 'M', label: t`Directory` },
    { value: 'C', label: t`Menu` },
    { value: 'F', label: t`Button` },
  ];
  return (
    <CrudPage<MenuView & Record<string, unknown>>
      config={{
        testId: 'menus-page',
        listUrl: '/system/menu/list',
        baseUrl: '/system/menu',
        idKey: 'menuId',
        paged: false,
        depthOf: depth,
        filters: [{ name: 'menuName', label: t`Menu name` }],
        columns: [
          {
            key: 'menuName',
            title: t`Menu name`,
            render: (r) => (i18n.locale === 'en' ? r.menuNameEn || r.menuName : r.menuName),
          },
          { key: 'icon', title: t`Icon`, render: (r) => <MenuIcon name={r.icon} size={16} /> },
          { key: 'orderNum', title: t`Order` },
          { key: 'perms', title: t`Permission` },
          { key: 'component', title: t`Component` },
          {
            key: 'visible',
            title: t`Visible`,
            render: (r) => <DictTag type="sys_show_hide" value={r.visible} />,
          },
          {
            key: 'status',
            title: t`Status`,
            render: (r) => <DictTag type="sys_normal_disable" value={r.status} />,
          },
        ],
        form: [
          {
            name: 'parentId',
            label: t`Parent menu`,
            type: 'select',
            options: [
              { value: '0', label: t`(top level)` },
              ...treeOptions(tree.data ?? [], i18n.locale),
            ],
          },
          { name: 'menuType', label: t`Type`, type: 'select', options: types, required: true },
          { name: 'menuName', label: t`Menu name`, required: true },
          { name: 'menuNameEn', label: t`Menu name (English)` },
          { name: 'orderNum', label: t`Order`, type: 'number', required: true },
          {
            name: 'icon',
            label: t`Icon`,
            type: 'custom',
            render: (value, onChange) => (
              <Select
                label={t`Icon`}
                searchable
                clearable
                data={[...MENU_ICON_NAMES]}
                value={(value as string) || null}
                onChange={(v) => onChange(v ?? '#')}
                leftSection={<MenuIcon name={String(value ?? '')} size={16} />}
                renderOption={({ option }) => (
                  <Group gap="xs">
                    <MenuIcon name={option.value} size={16} />
                    {option.value}
                  </Group>
                )}
                data-testid="icon-picker"
              />
            ),
          },
          { name: 'path', label: t`Route path` },
          { name: 'component', label: t`Component` },
          {
            name: 'perms',
            label: t`Permission`,
            type: 'custom',
            // Only catalogued permissions exist (the server refuses any other string), so pick, don't type.
            render: (value, onChange) => (
              <MultiSelect
                label={t`Permission`}
                searchable
                clearable
                data={PERMISSION_OPTIONS}
                value={permissionsOf(value as string | null)}
                onChange={(list) => onChange(list.join(','))}
                data-testid="perms-picker"
              />
            ),
          },
          {
            name: 'isFrame',
            label: t`External link`,
            type: 'select',
            options: [
              { value: '0', label: t`Yes` },
              { value: '1', label: t`No` },
            ],
          },
          { name: 'visible', label: t`Visible`, type: 'select', options: shown },
          { name: 'status', label: t`Status`, type: 'select', options: status },
        ],
        defaults: {
          parentId: '0',
          menuType: 'C',
          orderNum: 1,
          isFrame: '1',
          visible: '0',
          status: '0',
        },
        loadForEdit: async (row) => ({ ...row, parentId: String(row.parentId) }),
        toBody: (v) => ({ ...v, parentId: Number(v.parentId ?? 0) }),
        permissions: {
          add: P.system.menu.add,
          edit: P.system.menu.edit,
          remove: P.system.menu.remove,
        },
      }}
    />
  );
}

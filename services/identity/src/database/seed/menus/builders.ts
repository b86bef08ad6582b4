// The shape of a seeded menu and the helpers that write a page's buttons.

import type { MenuIconName } from '@platform/contracts';

export interface MenuSeed {
  id: number;
  zh: string;
  en: string;
  type: 'M' | 'C' | 'F';
  path?: string;
  component?: string;
  routeName?: string;
  perms?: string;
  /** A page's or directory's icon (a button's is `#`). */
  icon?: MenuIconName;
  hidden?: boolean;
  forDefaultRole?: boolean;
  children?: MenuSeed[];
}

export type Button = [id: number, zh: string, en: string, perms: string];

export const buttons = (list: Button[], forDefaultRole = false): MenuSeed[] =>
  list.map(([id, zh, en, perms]) => ({ id, zh, en, type: 'F', perms, forDefaultRole }));

export const crud = (base: number, p: Record<string, string>, extra: Button[] = []): MenuSeed[] =>
  buttons([
    ...(p.query ? [[base + 1, '查询', 'Query', p.query] as Button] : []),
    ...(p.add ? [[base + 2, '新增', 'Add', p.add] as Button] : []),
    ...(p.edit ? [[base + 3, '修改', 'Edit', p.edit] as Button] : []),
    ...(p.remove ? [[base + 4, '删除', 'Delete', p.remove] as Button] : []),
    ...(p.export ? [[base + 5, '导出', 'Export', p.export] as Button] : []),
    ...extra,
  ]);

import { registerPages } from '../../lib/page-registry';

/** The code generator's screens (issue 30): the imported tables (menu 302) and one table's settings. */
export function registerCodegenPages(): void {
  registerPages({
    'tool/gen/index': () =>
      import('./pages/GenTablesPage').then((m) => ({ default: m.GenTablesPage })),
    'tool/gen/editTable': () =>
      import('./pages/GenEditPage').then((m) => ({ default: m.GenEditPage })),
  });
}

import { INNER_LINK } from '../../lib/menu';
import { registerPages } from '../../lib/page-registry';

/** The shell's own pages: the home page (route key `index`) and a menu entry's framed link. */
export function registerShellPages(): void {
  registerPages({
    index: () => import('./DashboardPage').then((m) => ({ default: m.DashboardPage })),
    [INNER_LINK]: () => import('./InnerLinkPage').then((m) => ({ default: m.InnerLinkPage })),
  });
}

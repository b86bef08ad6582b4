import { registerPages } from '../../lib/page-registry';

/** The toolkit screen of the server menu (component `wujie/antibody/index`), loaded on first visit. */
export function registerAntibodyPages(): void {
  registerPages({
    'wujie/antibody/index': () =>
      import('./AntibodyToolkitPage').then((m) => ({ default: m.AntibodyToolkitPage })),
  });
}

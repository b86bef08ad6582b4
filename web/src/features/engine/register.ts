import { registerPages } from '../../lib/page-registry';

/** Engine operations: opens Operaton's Cockpit through the gateway (menu seeded by identity). */
export function registerEnginePages(): void {
  registerPages({
    'wujie/workflow/cockpit': () =>
      import('./CockpitPage').then((m) => ({ default: m.CockpitPage })),
  });
}

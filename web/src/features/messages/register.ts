import { registerPages } from '../../lib/page-registry';

/** The in-app messages page of issue 15 by the seeded menu's component string ("Messages"). */
export function registerMessagePages(): void {
  registerPages({
    'wujie/message/index': () =>
      import('./MessagesPage').then((m) => ({ default: m.MessagesPage })),
  });
}

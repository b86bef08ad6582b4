import { registerPages } from '../../lib/page-registry';

/** Real-name authentication (issue 15): the user's form and the administrators' review list. */
export function registerRealNamePages(): void {
  registerPages({
    'user/realname': () => import('./RealNamePage').then((m) => ({ default: m.RealNamePage })),
    'wujie/realname/index': () =>
      import('./RealNameReviewPage').then((m) => ({ default: m.RealNameReviewPage })),
  });
}

import { registerPages } from '../../lib/page-registry';

/**
 * The billing screens of issue 14 by the seeded menu's component strings: "Point recharge"
 * (wujie/recharge/index), "Referral rewards" (user/promotion) and the wujie area's "User management"
 * (wujie/user/index); my orders and my points live in the personal centre (user/profile).
 */
export function registerBillingPages(): void {
  registerPages({
    'wujie/recharge/index': () =>
      import('./RechargePage').then((m) => ({ default: m.RechargePage })),
    'user/promotion': () => import('./PromotionPage').then((m) => ({ default: m.PromotionPage })),
    'wujie/user/index': () =>
      import('./WujieUsersPage').then((m) => ({ default: m.WujieUsersPage })),
  });
}

import { Trans, useLingui } from '@lingui/react/macro';
import { Stack, Title } from '@mantine/core';
import { PERMISSIONS as P } from '@platform/contracts';

import { hasPermi, useSession } from '../../lib/auth';
import { AdminOrders } from './components/AdminOrders';
import { PageTabs } from './components/fields';
import { MyOrders } from './components/MyOrders';
import { RechargeWizard } from './components/RechargeWizard';

/**
 * "Point recharge" (menu wujie/recharge/index): the four-step recharge, the user's own orders and,
 * for holders of wujie:recharge:verify, every user's orders with the verify / reject / invoice /
 * refund dialogs.
 */
export function RechargePage() {
  const { t } = useLingui();
  const permissions = useSession((s) => s.permissions);
  const admin = hasPermi(permissions, P.wujie.recharge.verify);
  return (
    <Stack data-testid="recharge-page">
      <Title order={1} size="h3">
        <Trans>Point recharge</Trans>
      </Title>
      <PageTabs
        tabs={[
          {
            value: 'recharge',
            label: t`Recharge points`,
            testId: 'tab-recharge',
            content: <RechargeWizard />,
          },
          { value: 'orders', label: t`My orders`, testId: 'tab-my-orders', content: <MyOrders /> },
          admin && {
            value: 'admin',
            label: t`Order management`,
            testId: 'tab-admin-orders',
            content: <AdminOrders />,
          },
        ]}
      />
    </Stack>
  );
}

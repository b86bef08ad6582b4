import { Trans, useLingui } from '@lingui/react/macro';
import { Stack, Tabs, Title } from '@mantine/core';
import { PERMISSIONS as P } from '@platform/contracts';
import { useState } from 'react';

import { hasPermi, useSession } from '../../lib/auth';
import { AdminOrders } from './components/AdminOrders';
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
  const [tab, setTab] = useState<string | null>('recharge');
  return (
    <Stack data-testid="recharge-page">
      <Title order={1} size="h3">
        <Trans>Point recharge</Trans>
      </Title>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="recharge" data-testid="tab-recharge">
            {t`Recharge points`}
          </Tabs.Tab>
          <Tabs.Tab value="orders" data-testid="tab-my-orders">
            {t`My orders`}
          </Tabs.Tab>
          {admin ? (
            <Tabs.Tab value="admin" data-testid="tab-admin-orders">
              {t`Order management`}
            </Tabs.Tab>
          ) : null}
        </Tabs.List>
        <Tabs.Panel value="recharge" pt="md">
          <RechargeWizard />
        </Tabs.Panel>
        <Tabs.Panel value="orders" pt="md">
          <MyOrders />
        </Tabs.Panel>
        {admin ? (
          <Tabs.Panel value="admin" pt="md">
            <AdminOrders />
          </Tabs.Panel>
        ) : null}
      </Tabs>
    </Stack>
  );
}

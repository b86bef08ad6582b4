import { useLingui } from '@lingui/react/macro';
import { Card, Tabs } from '@mantine/core';
import { useState } from 'react';

import { MyOrders } from './MyOrders';
import { MyPoints } from './MyPoints';

/** The personal centre's billing part: my points (balance, frozen, ledger) and my orders. */
export function PersonalBilling() {
  const { t } = useLingui();
  const [tab, setTab] = useState<string | null>('points');
  return (
    <Card withBorder data-testid="personal-billing">
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="points" data-testid="tab-my-points">
            {t`My points`}
          </Tabs.Tab>
          <Tabs.Tab value="orders" data-testid="tab-my-orders">
            {t`My orders`}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="points" pt="md">
          <MyPoints />
        </Tabs.Panel>
        <Tabs.Panel value="orders" pt="md">
          <MyOrders />
        </Tabs.Panel>
      </Tabs>
    </Card>
  );
}

import { useLingui } from '@lingui/react/macro';
import { Card } from '@mantine/core';

import { PageTabs } from './fields';
import { MyOrders } from './MyOrders';
import { MyPoints } from './MyPoints';

/** The personal centre's billing part: my points (balance, frozen, ledger) and my orders. */
export function PersonalBilling() {
  const { t } = useLingui();
  return (
    <Card withBorder data-testid="personal-billing">
      <PageTabs
        tabs={[
          { value: 'points', label: t`My points`, testId: 'tab-my-points', content: <MyPoints /> },
          { value: 'orders', label: t`My orders`, testId: 'tab-my-orders', content: <MyOrders /> },
        ]}
      />
    </Card>
  );
}

import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { useSession } from '../../../lib/auth';
import { getMaintenance, getServiceStatus, requestService } from '../auth.api';

/** How often the shell asks again, so a notice appears and lifts without a reload. */
const MAINTENANCE_POLL_MS = 60_000;

/**
 * The maintenance notice (spec §8): while sys.maintenance.enabled is on, a user who is not an
 * administrator sees only the notice telling them to contact support (the server refuses their calls);
 * an administrator keeps working and sees a reminder that the others are locked out.
 */
export function MaintenanceNotice({ onLogout }: { onLogout: () => void }) {
  const user = useSession((state) => state.user);
  const roles = useSession((state) => state.roles);
  const status = useQuery({
    queryKey: ['maintenance'],
    queryFn: getMaintenance,
    refetchInterval: MAINTENANCE_POLL_MS,
    enabled: Boolean(user),
  });
  if (!user || status.data?.enabled !== true) return null;
  const administrator = user.admin || roles.includes('admin');
  if (!administrator) return <UserNotice onLogout={onLogout} />;
  return (
    <Alert
      color="yellow"
      variant="light"
      radius={0}
      data-testid="maintenance-banner"
      style={{ position: 'fixed', bottom: 0, left: 0, right: 0, zIndex: 150 }}
    >
      <Trans>Maintenance mode is on: only administrators can use the system.</Trans>
    </Alert>
  );
}

/** The user's notice; "Contact support" asks the administrators for service (/gogetservicestatus). */
function UserNotice({ onLogout }: { onLogout: () => void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const service = useQuery({ queryKey: ['serviceStatus'], queryFn: getServiceStatus });
  const ask = useMutation({
    mutationFn: () => requestService(),
    onSuccess: (next) => queryClient.setQueryData(['serviceStatus'], next),
  });
  const requested = service.data?.status === 'requested';
  return (
    <Modal
      opened
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      title={t`System maintenance`}
      data-testid="maintenance-notice"
    >
      <Stack gap="md">
        <Text>
          <Trans>The system is under maintenance, please contact support.</Trans>
        </Text>
        {requested ? (
          <Alert color="brand" variant="light" data-testid="service-requested">
            <Trans>Support has been told and will contact you.</Trans>
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onLogout}>
            <Trans>Log out</Trans>
          </Button>
          {requested ? null : (
            <Button onClick={() => ask.mutate()} loading={ask.isPending}>
              <Trans>Contact support</Trans>
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}

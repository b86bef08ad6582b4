import { useLingui } from '@lingui/react/macro';
import { Button, Group, Modal, Text } from '@mantine/core';

/** A small yes/no question (the logout confirmation of spec §2). */
export function ConfirmDialog({
  opened,
  message,
  onConfirm,
  onCancel,
}: {
  opened: boolean;
  message: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={t`Notice`}
      centered
      size="sm"
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      <Text size="sm" data-testid="confirm-message">
        {message}
      </Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel} data-testid="confirm-cancel">
          {t`Cancel`}
        </Button>
        <Button onClick={onConfirm} data-testid="confirm-ok">
          {t`Confirm`}
        </Button>
      </Group>
    </Modal>
  );
}

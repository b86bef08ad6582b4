import { useLingui } from '@lingui/react/macro';
import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';

import { IconButton } from '../../../components/IconButton';

// The parts the properties panel's edit dialogs share: required inputs that show their problem,
// the edit/remove buttons of a listed item and the dialog frame with cancel and save.

interface RequiredProps {
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string;
  testId: string;
}

export function RequiredTextInput(props: RequiredProps) {
  return (
    <TextInput
      size="xs"
      withAsterisk
      label={props.label}
      value={props.value}
      onChange={(e) => props.onChange(e.currentTarget.value)}
      error={props.error}
      data-testid={props.testId}
    />
  );
}

/** A required choice; no choice yet is the empty string. */
export function RequiredSelect(
  props: RequiredProps & { data: { value: string; label: string }[] },
) {
  return (
    <Select
      size="xs"
      withAsterisk
      label={props.label}
      data={props.data}
      value={props.value || null}
      onChange={(value) => props.onChange(value ?? '')}
      error={props.error}
      comboboxProps={{ withinPortal: true }}
      data-testid={props.testId}
    />
  );
}

/** The edit and remove buttons of one listed item. */
export function RowActions(props: {
  onEdit(): void;
  onRemove(): void;
  editTestId?: string;
  removeTestId: string;
}) {
  const { t } = useLingui();
  return (
    <>
      <IconButton
        label={t`Edit`}
        variant="subtle"

        onClick={props.onEdit}
        data-testid={props.editTestId}
      >
        <IconEdit size={14} />
      </IconButton>
      <IconButton
        label={t`Remove`}
        variant="subtle"
        color="red"

        onClick={props.onRemove}
        data-testid={props.removeTestId}
      >
        <IconTrash size={14} />
      </IconButton>
    </>
  );
}

/** A dialog of stacked inputs that ends in cancel and save; `overlays` are its own dialogs. */
export function EditDialog(props: {
  title: string;
  size: 'md' | 'lg';
  testId: string;
  onClose(): void;
  onSave(): void;
  saveTestId: string;
  cancelTestId?: string;
  children: ReactNode;
  overlays?: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <Modal
      opened
      onClose={props.onClose}
      title={props.title}
      size={props.size}
      data-testid={props.testId}
    >
      <Stack gap="xs">
        {props.children}
        <Group justify="flex-end" mt="md">
          <Button
            variant="default"
            size="xs"
            onClick={props.onClose}
            data-testid={props.cancelTestId}
          >
            {t`Cancel`}
          </Button>
          <Button size="xs" onClick={props.onSave} data-testid={props.saveTestId}>
            {t`Save`}
          </Button>
        </Group>
      </Stack>
      {props.overlays}
    </Modal>
  );
}

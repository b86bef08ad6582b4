import { useLingui } from '@lingui/react/macro';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';

import { IconButton } from '../../../components/IconButton';
import { create, extensionsOf, type ModdleElement, setExtensions } from '../modeler/edit';
import type { GroupProps } from './groups';
import { useConfirm } from './useConfirm';

// Extension properties (spec §3 Element property: name, value) kept in camunda:Properties.

export function ExtensionProperties({ modeler, element }: GroupProps) {
  const { t } = useLingui();
  const { dialog, ask } = useConfirm();
  const container = extensionsOf(element.businessObject, 'camunda:Properties')[0];
  const properties = ((container?.get('values') as ModdleElement[] | undefined) ?? []).map((p) => ({
    name: (p.get('name') as string | undefined) ?? '',
    value: (p.get('value') as string | undefined) ?? '',
  }));
  const [draft, setDraft] = useState({ name: '', value: '' });

  const save = (next: { name: string; value: string }[]) => {
    const values = next.map((p) => create(modeler, 'camunda:Property', p));
    setExtensions(
      modeler,
      element,
      'camunda:Properties',
      values.length ? [create(modeler, 'camunda:Properties', { values })] : [],
    );
  };

  return (
    <Stack gap="xs" data-testid="extension-properties">
      {properties.map((p, index) => (
        <Group key={index} gap="xs" wrap="nowrap" data-testid="property-row">
          <Text size="xs" style={{ flex: 1 }}>
            {p.name}
          </Text>
          <Text size="xs" style={{ flex: 1 }} c="dimmed">
            {p.value}
          </Text>
          <IconButton
            label={t`Remove`}
            variant="subtle"
            color="red"

            onClick={() =>
              ask(t`Remove this property?`, () => save(properties.filter((_, i) => i !== index)))
            }
            data-testid="property-remove"
          >
            <IconTrash size={14} />
          </IconButton>
        </Group>
      ))}
      <Group gap={4} align="flex-end" wrap="nowrap">
        <TextInput
          size="xs"
          label={t`Property name`}
          value={draft.name}
          onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })}
          data-testid="property-name"
        />
        <TextInput
          size="xs"
          label={t`Property value`}
          value={draft.value}
          onChange={(e) => setDraft({ ...draft, value: e.currentTarget.value })}
          data-testid="property-value"
        />
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} />}
          onClick={() => {
            save([...properties, draft]);
            setDraft({ name: '', value: '' });
          }}
          data-testid="property-add"
        >
          {t`Add`}
        </Button>
      </Group>
      {dialog}
    </Stack>
  );
}

import { useLingui } from '@lingui/react/macro';
import { Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';

import { notify } from '../../../lib/notify';
import { definitionsOf, isType, type ModdleElement } from '../modeler/edit';
import type { GroupProps } from './groups';
import { isIdTaken } from './rules';
import { addRootElement } from './TaskConfig';

// Messages and signals of the diagram (spec §3 Message / signal: id, name; §5 unique ids).

type Kind = 'message' | 'signal';
const TYPE: Record<Kind, 'bpmn:Message' | 'bpmn:Signal'> = {
  message: 'bpmn:Message',
  signal: 'bpmn:Signal',
};

function RootList(props: GroupProps & { kind: Kind }) {
  const { t } = useLingui();
  const { modeler, kind } = props;
  const roots = (definitionsOf(modeler).get('rootElements') as ModdleElement[]) ?? [];
  const entries = roots.filter((r) => isType(r, TYPE[kind]));
  const [draft, setDraft] = useState({ id: '', name: '' });
  const [error, setError] = useState<string | null>(null);
  const taken =
    kind === 'message'
      ? t`This message already exists, change its id and save again`
      : t`This signal already exists, change its id and save again`;

  const add = () => {
    const id = draft.id.trim();
    if (!id) {
      setError(t`Id cannot be empty`);
      return;
    }
    if (isIdTaken(entries, id)) {
      setError(taken);
      notify('error', taken);
      return;
    }
    setError(null);
    addRootElement(modeler, TYPE[kind], id, draft.name.trim());
    setDraft({ id: '', name: '' });
  };

  return (
    <Stack gap={4} data-testid={`${kind}s`}>
      <Text size="xs" fw={500}>
        {kind === 'message' ? t`Messages` : t`Signals`}
      </Text>
      {entries.length > 0 && (
        <Table withTableBorder fz="xs">
          <Table.Tbody>
            {entries.map((entry) => (
              <Table.Tr key={entry.id} data-testid={`${kind}-row`}>
                <Table.Td>{entry.id}</Table.Td>
                <Table.Td>{entry.name}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Group gap={4} align="flex-start" wrap="nowrap">
        <TextInput
          size="xs"
          placeholder={t`Id`}
          value={draft.id}
          onChange={(e) => setDraft({ ...draft, id: e.currentTarget.value })}
          error={error}
          data-testid={`${kind}-id`}
        />
        <TextInput
          size="xs"
          placeholder={t`Name`}
          value={draft.name}
          onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })}
          data-testid={`${kind}-name`}
        />
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} />}
          onClick={add}
          data-testid={`${kind}-add`}
        >
          {t`Add`}
        </Button>
      </Group>
    </Stack>
  );
}

export function MessagesSignals(props: GroupProps) {
  return (
    <Stack gap="sm" data-testid="messages-signals">
      <RootList {...props} kind="message" />
      <RootList {...props} kind="signal" />
    </Stack>
  );
}

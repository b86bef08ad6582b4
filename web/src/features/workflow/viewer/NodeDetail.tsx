import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Card, Code, Grid, Group, Stack, Table, Text, Title } from '@mantine/core';
import { decodeAgentDescriptor, decodeBranchDescriptor } from '@platform/bpmn';
import type { ValidatorCall } from '@platform/contracts';
import type { ReactNode } from 'react';

import type { ShownElement } from './ProcessViewer';

const paramsText = (call: ValidatorCall) =>
  Array.isArray(call.params) ? call.params.join(', ') : call.params;

/** A viewer (`children`) beside the detail of the element it shows, when it shows one. */
export function WithNodeDetail({
  shown,
  children,
}: {
  shown: ShownElement | null;
  children: ReactNode;
}) {
  return (
    <Grid>
      <Grid.Col span={{ base: 12, md: shown ? 8 : 12 }}>{children}</Grid.Col>
      {shown ? (
        <Grid.Col span={{ base: 12, md: 4 }}>
          <NodeDetail element={shown} />
        </Grid.Col>
      ) : null}
    </Grid>
  );
}

/** The settings of the agent or branch a click on the viewer showed (its descriptor, read-only). */
export function NodeDetail({ element }: { element: ShownElement }) {
  const { t } = useLingui();
  const isAgent = element.type === 'bpmn:UserTask';
  return (
    <Card withBorder data-testid="node-detail" data-node-id={element.id}>
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={2} size="h5">
            {element.label || element.id}
          </Title>
          <Badge variant="light" tt="none">
            {isAgent ? t`Agent` : t`Branch`}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed">
          {element.id}
        </Text>
        {isAgent ? <AgentSettings text={element.documentation} /> : null}
        {!isAgent ? <BranchSettings text={element.documentation} /> : null}
      </Stack>
    </Card>
  );
}

function AgentSettings({ text }: { text: string }) {
  const { t } = useLingui();
  const agent = decodeAgentDescriptor(text).value;
  return (
    <Table withRowBorders={false} fz="sm">
      <Table.Tbody>
        <Row label={t`English name`} value={agent.nameen} />
        <Row label={t`Type`} value={agent.type} />
        <Row label={t`Instruction`} value={agent.instruction} />
        <Row label={t`Output`} value={agent.output} />
        <Row
          label={t`Validators`}
          value={agent.validators.map((v) => `${v.name}(${paramsText(v)})`).join('; ')}
        />
      </Table.Tbody>
    </Table>
  );
}

function BranchSettings({ text }: { text: string }) {
  const { t } = useLingui();
  const branch = decodeBranchDescriptor(text).value;
  return (
    <>
      <Table withRowBorders={false} fz="sm">
        <Table.Tbody>
          <Row label={t`English name`} value={branch.nameen} />
          <Row label={t`Type`} value={branch.type} />
        </Table.Tbody>
      </Table>
      {branch.branches.length ? (
        <Stack gap={4}>
          {branch.branches.map((rule, index) => (
            <Code key={index}>
              {rule.validator.name}({paramsText(rule.validator)}) → {rule.target_node}
            </Code>
          ))}
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          <Trans>No branches</Trans>
        </Text>
      )}
    </>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <Table.Tr>
      <Table.Td c="dimmed" w={120}>
        {label}
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{value}</Table.Td>
    </Table.Tr>
  );
}

import { useLingui } from '@lingui/react/macro';
import { Badge, Group, Text } from '@mantine/core';

import { CHAIN_TYPES, SPECIES } from '../labels';
import type { AnalysisRecord } from '../toolkit.jobs';

/** FASTA id and description with the chain type and species found by numbering. */
export function RecordHeader({ record }: { record: AnalysisRecord }) {
  const { i18n } = useLingui();
  const numbering = record.numbering;
  return (
    <Group gap="xs" wrap="wrap">
      <Text fw={600}>{record.id}</Text>
      {record.description ? (
        <Text c="dimmed" size="sm">
          {record.description}
        </Text>
      ) : null}
      {numbering ? (
        <>
          <Badge variant="light">{i18n._(CHAIN_TYPES[numbering.chainType])}</Badge>
          <Badge variant="light" color="gray">
            {i18n._(SPECIES[numbering.species])}
          </Badge>
        </>
      ) : null}
    </Group>
  );
}

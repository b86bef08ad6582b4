import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Stack, Table, Text } from '@mantine/core';
import type { RegionReport } from '@platform/antibody';

/** Says that a model is the built-in template model and lists each region's template and estimated error. */
export function BuiltInModelNote({ regions }: { regions: RegionReport[] }) {
  const { t } = useLingui();
  const regionName = (r: RegionReport) =>
    r.region === 'orientation'
      ? t`VH–VL orientation`
      : r.region === 'framework'
        ? t`Framework ${r.chain}`
        : `CDR-${r.chain}${r.region.slice(3)}`;
  return (
    <Alert color="blue" data-testid="structure-built-in">
      <Stack gap="xs">
        <Text size="sm">
          <Trans>
            Built-in template model, not a deep-learning prediction: the frameworks, the VH–VL
            orientation and each CDR loop are taken from public antibody structures by sequence
            similarity (the method of ABodyBuilder, 2016). The B-factor column of the PDB holds each
            residue's estimated error in Å.
          </Trans>
        </Text>
        <Table fz="xs" withTableBorder data-testid="structure-regions">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t`Region`}</Table.Th>
              <Table.Th>{t`Template (PDB)`}</Table.Th>
              <Table.Th>{t`Identity`}</Table.Th>
              <Table.Th>{t`Estimated error`}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {regions.map((r) => (
              <Table.Tr key={`${r.chain}-${r.region}`}>
                <Table.Td>{regionName(r)}</Table.Td>
                <Table.Td>{r.template}</Table.Td>
                <Table.Td>{Math.round(r.identity * 100)}%</Table.Td>
                <Table.Td>{r.error.toFixed(1)} Å</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Alert>
  );
}

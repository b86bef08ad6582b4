import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Card, Group, SimpleGrid, Table, Text } from '@mantine/core';
import type { Developability, Liability } from '@platform/antibody';

import { saveCsv, saveJson } from '../export';
import {
  FLAG_COLORS,
  FLAGS,
  inLanguage,
  LIABILITY_KINDS,
  REGIONS,
  SEVERITIES,
  SEVERITY_COLORS,
} from '../labels';
import type { AnalysisRecord } from '../toolkit.jobs';
import { RecordsPanel } from './RecordsPanel';
import { TableHead } from './TableHead';

const FIGURES: { key: keyof Developability; label: MessageDescriptor; hint: MessageDescriptor }[] =
  [
    {
      key: 'totalCdrLength',
      label: msg`Total CDR length`,
      hint: msg`Residues in the IMGT CDRs`,
    },
    {
      key: 'cdrNetCharge',
      label: msg`CDR net charge`,
      hint: msg`K, R +1; D, E -1; H +0.1 (pH 7.4)`,
    },
    {
      key: 'cdrHydrophobicity',
      label: msg`CDR hydrophobicity`,
      hint: msg`Mean Kyte-Doolittle hydropathy of the CDR residues`,
    },
  ];

export function Figures({ figures }: { figures: Developability }) {
  const { i18n, t } = useLingui();
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      {FIGURES.map(({ key, label, hint }) => {
        const figure = figures[key];
        return (
          <Card key={key} withBorder padding="sm" data-testid={`figure-${key}`}>
            <Text size="sm" fw={600}>
              {i18n._(label)}
            </Text>
            <Group gap="xs" mt={4}>
              <Text size="xl" fw={700}>
                {figure.value}
              </Text>
              <Badge color={FLAG_COLORS[figure.flag]}>{i18n._(FLAGS[figure.flag])}</Badge>
            </Group>
            <Text size="xs" c="dimmed" mt={4}>
              {i18n._(hint)}
            </Text>
            <Text size="xs" c="dimmed">
              {t`Amber ${figure.thresholds.amber}, red ${figure.thresholds.red}`}
            </Text>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}

export function Liabilities({ liabilities }: { liabilities: Liability[] }) {
  const { i18n, t } = useLingui();
  if (liabilities.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        <Trans>No sequence liabilities found.</Trans>
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped withTableBorder fz="sm" data-testid="liabilities">
        <TableHead
          columns={[
            t`Position`,
            t`Residue no.`,
            t`Motif`,
            t`Risk`,
            t`Region`,
            t`Severity`,
            t`Explanation`,
          ]}
        />
        <Table.Tbody>
          {liabilities.map((l, k) => (
            <Table.Tr key={k} data-kind={l.kind} data-severity={l.severity}>
              <Table.Td ff="monospace">{l.position}</Table.Td>
              <Table.Td>{l.sequencePosition}</Table.Td>
              <Table.Td ff="monospace">{l.motif}</Table.Td>
              <Table.Td>{i18n._(LIABILITY_KINDS[l.kind])}</Table.Td>
              <Table.Td>{REGIONS[l.region]}</Table.Td>
              <Table.Td>
                <Badge color={SEVERITY_COLORS[l.severity]} variant="light">
                  {i18n._(SEVERITIES[l.severity])}
                </Badge>
              </Table.Td>
              <Table.Td>{inLanguage(l.explanation, i18n.locale)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Summary({ liabilities }: { liabilities: Liability[] }) {
  const count = (severity: Liability['severity']) =>
    liabilities.filter((l) => l.severity === severity).length;
  const high = count('high');
  const medium = count('medium');
  const low = count('low');
  return (
    <Text size="sm">
      <Trans>
        {high} high, {medium} medium and {low} low severity sites
      </Trans>
    </Text>
  );
}

function exportCsv(records: AnalysisRecord[], language: string) {
  const rows = records.flatMap((record) =>
    (record.liabilities ?? []).map((l) => [
      record.id,
      l.position,
      l.sequencePosition,
      l.motif,
      l.kind,
      REGIONS[l.region],
      l.severity,
      inLanguage(l.explanation, language),
    ]),
  );
  saveCsv(
    ['record', 'position', 'residue_no', 'motif', 'kind', 'region', 'severity', 'explanation'],
    rows,
    'risk-sites.csv',
  );
}

function exportJson(records: AnalysisRecord[]) {
  const data = records.map(({ id, liabilities, developability, error }) => ({
    id,
    ...(liabilities ? { liabilities, developability } : { error }),
  }));
  saveJson(data, 'risk-sites.json');
}

/** Sequence liabilities with position, region, severity and explanation, and developability figures. */
export function RiskTab({ records }: { records: AnalysisRecord[] }) {
  const { i18n } = useLingui();
  return (
    <RecordsPanel
      records={records}
      name="risks"
      hint={
        <Trans>
          Positions are in the numbering scheme chosen above; residue numbers count from 1 in the
          input.
        </Trans>
      }
      onJson={() => exportJson(records)}
      onCsv={() => exportCsv(records, i18n.locale)}
      content={({ liabilities, developability }) =>
        liabilities && developability ? (
          <>
            <Figures figures={developability} />
            <Summary liabilities={liabilities} />
            <Liabilities liabilities={liabilities} />
          </>
        ) : undefined
      }
    />
  );
}

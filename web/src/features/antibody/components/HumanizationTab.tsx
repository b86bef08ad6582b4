import { Trans, useLingui } from '@lingui/react/macro';
import { Stack, Table, Text, Title } from '@mantine/core';
import type {
  BackMutation,
  HumanizationResult,
  HumannessReport,
  Mutation,
  RegionName,
} from '@platform/antibody';
import type { ReactNode } from 'react';

import { saveCsv, saveJson } from '../export';
import { inLanguage, percent, REGIONS } from '../labels';
import type { AnalysisRecord } from '../toolkit.jobs';
import { Highlighted } from './Highlighted';
import { RecordsPanel } from './RecordsPanel';
import { TableHead } from './TableHead';

const REGION_ORDER: RegionName[] = ['fr1', 'cdr1', 'fr2', 'cdr2', 'fr3', 'fr4'];

function Humanness({ before, after }: { before: HumannessReport; after: HumannessReport }) {
  const { t } = useLingui();
  const row = (label: ReactNode, a: string | number, b: string | number, testId?: string) => (
    <Table.Tr data-testid={testId}>
      <Table.Td>{label}</Table.Td>
      <Table.Td>{a}</Table.Td>
      <Table.Td>{b}</Table.Td>
    </Table.Tr>
  );
  const region = (r: RegionName, report: HumannessReport) =>
    report.perRegion[r] === undefined ? '–' : percent(report.perRegion[r]);
  return (
    <Table withTableBorder maw={560} fz="sm" data-testid="humanness">
      <TableHead columns={[t`Humanness`, t`Before`, t`After`]} />
      <Table.Tbody>
        {row(<Trans>Closest human V</Trans>, before.closestHumanV, after.closestHumanV)}
        {row(
          <Trans>Identity to it</Trans>,
          percent(before.identity),
          percent(after.identity),
          'humanness-identity',
        )}
        {row(
          <Trans>Non-human framework residues</Trans>,
          before.nonHumanFrameworkResidues,
          after.nonHumanFrameworkResidues,
        )}
        {REGION_ORDER.map((r) => (
          <Table.Tr key={r}>
            <Table.Td>
              <Trans>Identity {REGIONS[r]}</Trans>
            </Table.Td>
            <Table.Td>{region(r, before)}</Table.Td>
            <Table.Td>{region(r, after)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Residue changes by position: the applied mutations, or the back-mutations suggested. */
function ChangesTable({
  changes,
  changeLabel,
  testId,
}: {
  changes: (Mutation | BackMutation)[];
  changeLabel: string;
  testId: string;
}) {
  const { i18n, t } = useLingui();
  return (
    <Table.ScrollContainer minWidth={620}>
      <Table striped withTableBorder fz="sm" data-testid={testId}>
        <TableHead columns={['IMGT', 'Kabat', changeLabel, t`Reason`]} />
        <Table.Tbody>
          {changes.map((m, k) => (
            <Table.Tr key={k}>
              <Table.Td ff="monospace">{m.imgt}</Table.Td>
              <Table.Td ff="monospace">{m.kabat ?? '–'}</Table.Td>
              <Table.Td ff="monospace">
                {m.from} → {m.to}
              </Table.Td>
              <Table.Td>{inLanguage(m.reason, i18n.locale)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function BackMutations({
  title,
  list,
  testId,
}: {
  title: ReactNode;
  list: BackMutation[];
  testId: string;
}) {
  const { t } = useLingui();
  return (
    <Stack gap={4} data-testid={testId}>
      <Title order={6}>{title}</Title>
      {list.length === 0 ? (
        <Text size="sm" c="dimmed">
          <Trans>No suggestion: these positions kept the parent residue.</Trans>
        </Text>
      ) : (
        <ChangesTable changes={list} changeLabel={t`Back-mutation`} testId={`${testId}-table`} />
      )}
    </Stack>
  );
}

export function Humanized({ result }: { result: HumanizationResult }) {
  const { t } = useLingui();
  // Kept: parent residues the humanization kept (key positions, or changes experimental
  // humanizations seldom make), with their reasons; the rest are suggestions (a straight graft,
  // or a result from before residues were kept).
  const kept = result.backMutations.filter((b) => b.applied === true);
  const suggested = result.backMutations.filter((b) => b.applied !== true);
  const vernier = suggested.filter((b) => b.zone === 'vernier');
  const interfaceList = suggested.filter((b) => b.zone === 'vh-vl-interface');
  return (
    <Stack gap="sm">
      <Text size="sm">
        <Trans>
          Acceptor frameworks: {result.acceptor.v} / {result.acceptor.j} (framework identity{' '}
          {percent(result.acceptor.frameworkIdentity)})
        </Trans>
      </Text>
      <Stack gap={2}>
        <Text size="xs" c="dimmed">
          <Trans>Humanized sequence (changed residues marked)</Trans>
        </Text>
        <div data-testid="humanized-sequence">
          <Highlighted sequence={result.humanized} reference={result.parent} />
        </div>
      </Stack>
      <Humanness before={result.humanness.before} after={result.humanness.after} />
      <Title order={6}>
        <Trans>Mutations ({result.mutations.length})</Trans>
      </Title>
      {result.mutations.length === 0 ? (
        <Text size="sm" c="dimmed">
          <Trans>No framework residue needed to change.</Trans>
        </Text>
      ) : (
        <ChangesTable changes={result.mutations} changeLabel={t`Change`} testId="mutations" />
      )}
      {kept.length > 0 ? (
        <Stack gap={4} data-testid="back-mutations-kept">
          <Title order={6}>
            <Trans>Parent residues kept, with the reason ({kept.length})</Trans>
          </Title>
          <ChangesTable changes={kept} changeLabel={t`Kept`} testId="back-mutations-kept-table" />
        </Stack>
      ) : null}
      <BackMutations
        title={<Trans>Suggested back-mutations: Vernier zone</Trans>}
        list={vernier}
        testId="back-mutations-vernier"
      />
      <BackMutations
        title={<Trans>Suggested back-mutations: VH/VL interface</Trans>}
        list={interfaceList}
        testId="back-mutations-interface"
      />
    </Stack>
  );
}

function exportCsv(records: AnalysisRecord[], language: string) {
  const rows = records.flatMap((record) => {
    const h = record.humanization;
    if (!h) return [];
    return [
      ...h.mutations.map((m) => [
        record.id,
        'mutation',
        m.imgt,
        m.kabat,
        m.from,
        m.to,
        inLanguage(m.reason, language),
      ]),
      ...h.backMutations.map((b) => [
        record.id,
        `${b.applied ? 'kept' : 'back-mutation'} (${b.zone})`,
        b.imgt,
        b.kabat,
        b.from,
        b.to,
        inLanguage(b.reason, language),
      ]),
    ];
  });
  saveCsv(['record', 'type', 'imgt', 'kabat', 'from', 'to', 'reason'], rows, 'humanization.csv');
}

function exportJson(records: AnalysisRecord[]) {
  const data = records.map(({ id, humanization, humanizationError, error }) => ({
    id,
    ...(humanization ? { humanization } : { error: humanizationError ?? error }),
  }));
  saveJson(data, 'humanization.json');
}

/** CDR grafting onto the closest human frameworks, with back-mutation suggestions and humanness. */
export function HumanizationTab({ records }: { records: AnalysisRecord[] }) {
  const { i18n } = useLingui();
  return (
    <RecordsPanel
      records={records}
      name="humanization"
      hint={
        <Trans>
          CDRs (IMGT and Kabat) are kept; every framework residue comes from the closest human
          germline. Back-mutations are suggestions and are not applied.
        </Trans>
      }
      onJson={() => exportJson(records)}
      onCsv={() => exportCsv(records, i18n.locale)}
      content={(record) =>
        record.humanization ? <Humanized result={record.humanization} /> : undefined
      }
      errorOf={(record) => record.error ?? record.humanizationError}
    />
  );
}

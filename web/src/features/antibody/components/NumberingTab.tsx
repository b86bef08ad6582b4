import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, List, Stack, Table } from '@mantine/core';
import type { GermlineMatch, NumberingResult } from '@platform/antibody';

import { saveCsv, saveJson } from '../export';
import { inLanguage, percent, REGIONS, SPECIES } from '../labels';
import type { AnalysisRecord } from '../toolkit.jobs';
import { RecordsPanel } from './RecordsPanel';
import { TableHead } from './TableHead';
import classes from './Toolkit.module.css';

const CDRS = ['cdr1', 'cdr2', 'cdr3'] as const;

export function Residues({ numbering }: { numbering: NumberingResult }) {
  return (
    <div className={classes.residues} data-testid="numbered-residues">
      {numbering.residues.map((r) => (
        <div
          key={r.index}
          className={`${classes.residue} ${classes[r.region] ?? ''}`}
          title={`${r.position} · ${REGIONS[r.region]}`}
          data-region={r.region}
        >
          <span className={classes.position}>{r.position}</span>
          <span className={classes.letter}>{r.residue}</span>
        </div>
      ))}
    </div>
  );
}

function Germline({ label, match }: { label: string; match: GermlineMatch }) {
  const { i18n } = useLingui();
  return (
    <Table.Tr>
      <Table.Td>{label}</Table.Td>
      <Table.Td ff="monospace">{match.gene}</Table.Td>
      <Table.Td>{i18n._(SPECIES[match.species])}</Table.Td>
      <Table.Td>{percent(match.identity)}</Table.Td>
    </Table.Tr>
  );
}

export function Germlines({ numbering }: { numbering: NumberingResult }) {
  const { t } = useLingui();
  const { v, j, humanV, humanJ } = numbering.germlines;
  const human = numbering.species !== 'human';
  return (
    <Table withTableBorder maw={640} fz="sm">
      <TableHead columns={[t`Germline`, t`Gene`, t`Species`, t`Identity`]} />
      <Table.Tbody>
        <Germline label={t`Closest V`} match={v} />
        <Germline label={t`Closest J`} match={j} />
        {human ? <Germline label={t`Closest human V`} match={humanV} /> : null}
        {human ? <Germline label={t`Closest human J`} match={humanJ} /> : null}
      </Table.Tbody>
    </Table>
  );
}

function NumberedRecord({
  record,
  numbering,
}: {
  record: AnalysisRecord;
  numbering: NumberingResult;
}) {
  const { i18n } = useLingui();
  return (
    <Stack gap="sm">
      <Table withTableBorder maw={640} fz="sm">
        <Table.Tbody>
          {CDRS.map((cdr) => (
            <Table.Tr key={cdr}>
              <Table.Td w={80} className={classes[cdr]}>
                {REGIONS[cdr]}
              </Table.Td>
              <Table.Td ff="monospace" data-testid={`${cdr}-${record.id}`}>
                {numbering.cdrs[cdr]}
              </Table.Td>
              <Table.Td w={110} c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                <Trans>{numbering.cdrs[cdr].length} aa</Trans>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Residues numbering={numbering} />
      <Germlines numbering={numbering} />
      {numbering.warnings.length > 0 ? (
        <Alert color="yellow" title={<Trans>Warnings</Trans>} data-testid="numbering-warnings">
          <List size="sm">
            {numbering.warnings.map((w, k) => (
              <List.Item key={k}>{inLanguage(w.message, i18n.locale)}</List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
    </Stack>
  );
}

function exportCsv(records: AnalysisRecord[]) {
  const rows = records.flatMap((record) =>
    (record.numbering?.residues ?? []).map((r) => [
      record.id,
      record.numbering?.scheme,
      r.position,
      r.residue,
      REGIONS[r.region],
      `${r.imgt.number}${r.imgt.insertion}`,
    ]),
  );
  saveCsv(['record', 'scheme', 'position', 'residue', 'region', 'imgt'], rows, 'numbering.csv');
}

function exportJson(records: AnalysisRecord[]) {
  const data = records.map(({ id, description, numbering, error }) => ({
    id,
    description,
    ...(numbering ? { numbering } : { error }),
  }));
  saveJson(data, 'numbering.json');
}

/** Numbered residues with CDRs highlighted, CDR strings, closest germlines and warnings. */
export function NumberingTab({ records }: { records: AnalysisRecord[] }) {
  return (
    <RecordsPanel
      records={records}
      name="numbering"
      hint={
        <Trans>
          CDRs are highlighted: CDR1 blue, CDR2 green, CDR3 orange. Hover a residue for its
          position.
        </Trans>
      }
      onJson={() => exportJson(records)}
      onCsv={() => exportCsv(records)}
      content={(record) =>
        record.numbering ? (
          <NumberedRecord record={record} numbering={record.numbering} />
        ) : undefined
      }
    />
  );
}

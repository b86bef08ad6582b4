import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Button,
  Group,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import type { EpitopeMethod, EpitopePrediction, Segment } from '@platform/antibody';
import { useState } from 'react';

import { EXAMPLE_ANTIGEN } from '../examples';
import { saveCsv, saveJson } from '../export';
import { EPITOPE_METHODS } from '../labels';
import type { EpitopeJob, EpitopeRun } from '../toolkit.jobs';
import { useToolkitJob } from '../useToolkitJob';
import { EpitopeChart } from './EpitopeChart';
import { ExportButtons } from './ExportButtons';
import { EmptyState, JobErrorAlert, Running } from './JobFeedback';
import { SequenceTextarea } from './SequenceTextarea';
import { TableHead } from './TableHead';

const METHODS = Object.keys(EPITOPE_METHODS) as EpitopeMethod[];

export function Segments({
  title,
  segments,
  testId,
}: {
  title: string;
  segments: Segment[];
  testId: string;
}) {
  const { t } = useLingui();
  return (
    <Stack gap={4} data-testid={testId}>
      <Title order={6}>{title}</Title>
      {segments.length === 0 ? (
        <Text size="sm" c="dimmed">
          <Trans>No segment passes the threshold.</Trans>
        </Text>
      ) : (
        <Table withTableBorder fz="sm">
          <TableHead columns={[t`Residues`, t`Peptide`, t`Mean score`]} />
          <Table.Tbody>
            {segments.map((s) => (
              <Table.Tr key={s.start}>
                <Table.Td>
                  {s.start}–{s.end}
                </Table.Td>
                <Table.Td ff="monospace" style={{ wordBreak: 'break-all' }}>
                  {s.peptide}
                </Table.Td>
                <Table.Td>{s.score}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

function exportCsv(run: EpitopeRun) {
  const p = run.prediction;
  const rows = [...p.sequence].map((residue, i) => [
    i + 1,
    residue,
    ...METHODS.map((m) => p.methods[m].scores[i]),
    p.consensus.votes[i],
  ]);
  saveCsv(['position', 'residue', ...METHODS, 'votes'], rows, `epitopes-${run.id}.csv`);
}

function Results({ run }: { run: EpitopeRun }) {
  const { i18n, t } = useLingui();
  const p: EpitopePrediction = run.prediction;
  return (
    <Stack>
      <Group justify="space-between">
        <Text size="sm">
          <Trans>
            {run.id}: {p.sequence.length} residues
          </Trans>
        </Text>
        <ExportButtons
          testId="epitope-export"
          onJson={() => saveJson(run, `epitopes-${run.id}.json`)}
          onCsv={() => exportCsv(run)}
        />
      </Group>
      {run.ignored > 0 ? (
        <Alert color="yellow">
          <Trans>Only the first record was used; {run.ignored} more were ignored.</Trans>
        </Alert>
      ) : null}
      <EpitopeChart prediction={p} />
      <Segments
        title={t`Consensus segments`}
        segments={p.consensus.segments}
        testId="consensus-segments"
      />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {METHODS.map((m) => (
          <Segments
            key={m}
            title={i18n._(EPITOPE_METHODS[m])}
            segments={p.methods[m].segments}
            testId={`segments-${m}`}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** Linear B-cell epitope prediction for an antigen: four scales, segments and a consensus. */
export function EpitopeTab() {
  const { t } = useLingui();
  const [text, setText] = useState('');
  const [minLength, setMinLength] = useState(6);
  const [minVotes, setMinVotes] = useState('3');
  const job = useToolkitJob<EpitopeJob>();
  const predict = () =>
    void job.run({ kind: 'epitopes', text, minLength, minVotes: Number(minVotes) });
  return (
    <Stack>
      <SequenceTextarea
        label={t`Antigen sequence (FASTA or plain)`}
        minRows={3}
        value={text}
        onValue={setText}
        data-testid="antigen-input"
      />
      <Group align="flex-end">
        <NumberInput
          label={t`Shortest segment`}
          min={1}
          max={50}
          w={140}
          value={minLength}
          onChange={(v) => setMinLength(typeof v === 'number' ? v : 6)}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            <Trans>Methods that must agree</Trans>
          </Text>
          <SegmentedControl data={['1', '2', '3', '4']} value={minVotes} onChange={setMinVotes} />
        </Stack>
        <Button
          onClick={predict}
          disabled={!text.trim()}
          loading={job.running}
          data-testid="epitope-run"
        >
          <Trans>Predict epitopes</Trans>
        </Button>
        <Button variant="subtle" onClick={() => setText(EXAMPLE_ANTIGEN)}>
          <Trans>Example antigen</Trans>
        </Button>
      </Group>
      {job.error ? <JobErrorAlert error={job.error} /> : null}
      {job.running && !job.result ? <Running>{t`Scoring the antigen…`}</Running> : null}
      {job.result ? <Results run={job.result} /> : null}
      {!job.result && !job.error && !job.running ? (
        <EmptyState>
          <Trans>
            Paste an antigen sequence and press Predict epitopes. Kolaskar-Tongaonkar, Parker, Emini
            and Chou-Fasman scores are computed per residue, with the segments above each threshold
            and the residues most methods agree on.
          </Trans>
        </EmptyState>
      ) : null}
    </Stack>
  );
}

import { Trans, useLingui } from '@lingui/react/macro';
import {
  Badge,
  Button,
  Checkbox,
  Group,
  List,
  NumberInput,
  Select,
  Stack,
  Text,
} from '@mantine/core';
import type { CdrName, DesignResult } from '@platform/antibody';
import { useEffect, useState } from 'react';

import { saveCsv, saveJson } from '../export';
import { CHAIN_TYPES, inLanguage, REGIONS } from '../labels';
import type { AnalysisRecord, DesignJob } from '../toolkit.jobs';
import { useToolkitJob } from '../useToolkitJob';
import { ExportButtons } from './ExportButtons';
import { EmptyState, JobErrorAlert, Running } from './JobFeedback';
import { VariantTable } from './VariantTable';

const CDRS: CdrName[] = ['cdr1', 'cdr2', 'cdr3'];
const SHOWN = 200;

function exportCsv(result: DesignResult) {
  const rows = result.variants.map((v) => [
    v.rank,
    v.score,
    v.cdrs.cdr1,
    v.cdrs.cdr2,
    v.cdrs.cdr3,
    v.substitutions.map((s) => `${s.from}${s.imgt}${s.to}`).join(' '),
    v.lengthChange,
    v.blosum62,
    v.addedLiabilities.join(' '),
    v.humanIdentity,
    v.sequence,
  ]);
  saveCsv(
    [
      'rank',
      'score',
      'cdr1',
      'cdr2',
      'cdr3',
      'substitutions',
      'length_change',
      'blosum62',
      'added_liabilities',
      'human_identity',
      'sequence',
    ],
    rows,
    `library-seed${result.seed}.csv`,
  );
}

function Results({ result }: { result: DesignResult }) {
  const { i18n } = useLingui();
  const accepted = result.variants.length;
  const { duplicate, liability, humanness, unnumberable } = result.rejected;
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text size="sm" data-testid="library-summary">
          <Trans>
            {accepted} variants from {result.generated} drafts (seed {result.seed}); rejected:{' '}
            {liability} for new high-risk sites, {humanness} for lower humanness, {duplicate}{' '}
            duplicates, {unnumberable} not numberable.
          </Trans>
        </Text>
        <ExportButtons
          testId="library-export"
          onJson={() => saveJson(result, `library-seed${result.seed}.json`)}
          onCsv={() => exportCsv(result)}
        />
      </Group>
      <Group gap="xs">
        <Text size="xs" c="dimmed">
          <Trans>Parent CDRs (IMGT):</Trans>
        </Text>
        {CDRS.map((c) => (
          <Badge key={c} variant="light" color="gray" ff="monospace" tt="none">
            {REGIONS[c]} {result.parent.cdrs[c]}
          </Badge>
        ))}
      </Group>
      <List size="xs" c="dimmed">
        {result.rules.map((rule, k) => (
          <List.Item key={k}>{inLanguage(rule, i18n.locale)}</List.Item>
        ))}
      </List>
      {accepted > SHOWN ? (
        <Text size="xs" c="dimmed">
          <Trans>The first {SHOWN} are shown; the export holds all of them.</Trans>
        </Text>
      ) : null}
      <VariantTable result={result} shown={SHOWN} testId="library-variants" />
    </Stack>
  );
}

/** Seeded CDR library design from one numbered parent domain. */
export function LibraryTab({ records }: { records: AnalysisRecord[] }) {
  const { t, i18n } = useLingui();
  const parents = records.filter((r) => r.numbering);
  const [parentIndex, setParentIndex] = useState<string | null>(null);
  const [cdrs, setCdrs] = useState<string[]>(['cdr3']);
  const [count, setCount] = useState(20);
  const [seed, setSeed] = useState(1);
  const job = useToolkitJob<DesignJob>();
  useEffect(() => {
    if (parentIndex === null || Number(parentIndex) >= parents.length) {
      setParentIndex(parents.length ? '0' : null);
    }
  }, [parents.length, parentIndex]);

  if (parents.length === 0) {
    return (
      <EmptyState>
        <Trans>Number at least one variable domain above to design a library from it.</Trans>
      </EmptyState>
    );
  }
  const parent = parents[Number(parentIndex ?? 0)] ?? parents[0];
  const design = () =>
    void job.run({
      kind: 'design',
      sequence: parent.numbering!.sequence,
      cdrs: cdrs as CdrName[],
      count,
      seed,
    });
  return (
    <Stack>
      <Group align="flex-end" wrap="wrap">
        <Select
          label={t`Parent domain`}
          w={300}
          allowDeselect={false}
          value={parentIndex ?? '0'}
          onChange={setParentIndex}
          data={parents.map((r, k) => ({
            value: String(k),
            label: `${r.id} · ${i18n._(CHAIN_TYPES[r.numbering!.chainType])}`,
          }))}
          data-testid="library-parent"
        />
        <Checkbox.Group label={t`CDRs to vary (IMGT)`} value={cdrs} onChange={setCdrs}>
          <Group gap="sm" mt={8}>
            {CDRS.map((c) => (
              <Checkbox key={c} value={c} label={REGIONS[c]} />
            ))}
          </Group>
        </Checkbox.Group>
        <NumberInput
          label={t`Variants`}
          min={1}
          max={1000}
          w={110}
          value={count}
          onChange={(v) => setCount(typeof v === 'number' ? v : 20)}
          data-testid="library-count"
        />
        <NumberInput
          label={t`Seed`}
          w={110}
          allowDecimal={false}
          value={seed}
          onChange={(v) => setSeed(typeof v === 'number' ? v : 1)}
          data-testid="library-seed"
        />
        <Button
          onClick={design}
          loading={job.running}
          disabled={cdrs.length === 0}
          data-testid="library-run"
        >
          <Trans>Design library</Trans>
        </Button>
      </Group>
      {job.error ? <JobErrorAlert error={job.error} /> : null}
      {job.running && !job.result ? <Running>{t`Designing variants…`}</Running> : null}
      {job.result ? <Results result={job.result} /> : null}
      {!job.result && !job.error && !job.running ? (
        <EmptyState>
          <Trans>
            Variants are drawn position by position with BLOSUM62-guided substitutions, filtered by
            new risk sites and humanness, and ranked. The same input and seed always give the same
            library.
          </Trans>
        </EmptyState>
      ) : null}
    </Stack>
  );
}

import { Trans, useLingui } from '@lingui/react/macro';
import {
  Badge,
  Button,
  Card,
  Code,
  Group,
  ScrollArea,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import type {
  DesignResult,
  EpitopePrediction,
  HumanizationResult,
  Liability,
  NumberingResult,
  RegionName,
  Severity,
  TapReport,
} from '@platform/antibody';
import { IconDownload, IconFile } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';

import {
  BuiltInModelNote,
  CHAIN_TYPES,
  EpitopeChart,
  Figures,
  FvStructureView,
  Germlines,
  Highlighted,
  Humanized,
  inLanguage,
  Liabilities,
  percent,
  REGIONS,
  Residues,
  saveText,
  Segments,
  StructureEpitopes,
  TableHead,
  VariantTable,
} from '../../antibody';
import { detectResults, isEmptyOutput, type ResultBlock, type StructureResult } from './detect';
import { type Download, downloadsOf, jsonDownload } from './downloads';
import { TargetLibraryBlock } from './TargetLibraryBlock';

// A node's inputs or outputs (or a mission's result) the way a scientist reads them: numbered
// sequences with the CDRs highlighted, risk sites by region, humanized against parental, epitope
// scores, the designed library as a table to sort; the raw JSON beside them, and downloads.

const REGION_ORDER: RegionName[] = ['fr1', 'cdr1', 'fr2', 'cdr2', 'fr3', 'cdr3', 'fr4'];
const SEVERITY_ORDER: Severity[] = ['high', 'medium', 'low'];
const CDRS = ['cdr1', 'cdr2', 'cdr3'] as const;
/** Rows of a designed library shown at once; the downloads hold all of them. */
const LIBRARY_SHOWN = 200;

/** The empty state of a node (spec §8). */
export function NoContent() {
  return (
    <Text c="dimmed" size="sm" data-testid="no-content">
      <Trans>No content returned from this node</Trans>
    </Text>
  );
}

export function DownloadButtons({ downloads }: { downloads: Download[] }) {
  if (!downloads.length) return null;
  return (
    <Group gap={6}>
      {downloads.map((d) => (
        <Button
          key={d.fileName}
          size="compact-xs"
          variant="default"
          leftSection={<IconDownload size={12} />}
          onClick={() => saveText(d.text(), d.fileName, d.type)}
          data-testid={`download-${d.format}`}
        >
          {d.format.toUpperCase()}
        </Button>
      ))}
    </Group>
  );
}

function BlockCard({
  block,
  title,
  children,
}: {
  block: ResultBlock;
  title: ReactNode;
  children: ReactNode;
}) {
  const { i18n } = useLingui();
  return (
    <Card withBorder padding="sm" data-testid={`result-${block.kind}`} data-label={block.label}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs">
            <Title order={6}>{title}</Title>
            {block.label ? (
              <Badge variant="light" color="gray" tt="none">
                {block.label}
              </Badge>
            ) : null}
          </Group>
          <DownloadButtons downloads={downloadsOf(block, i18n.locale)} />
        </Group>
        {children}
      </Stack>
    </Card>
  );
}

/** Numbered residues with the CDRs highlighted, the CDR strings and the closest germlines. */
function NumberingBlock({ value }: { value: NumberingResult }) {
  const { i18n } = useLingui();
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Badge variant="light">{i18n._(CHAIN_TYPES[value.chainType])}</Badge>
        <Badge variant="light" color="gray">
          {value.scheme.toUpperCase()}
        </Badge>
      </Group>
      <Table withTableBorder fz="sm" maw={640}>
        <Table.Tbody>
          {CDRS.map((cdr) => (
            <Table.Tr key={cdr}>
              <Table.Td w={80}>{REGIONS[cdr]}</Table.Td>
              <Table.Td ff="monospace" data-testid={`cdr-${cdr}`}>
                {value.cdrs[cdr]}
              </Table.Td>
              <Table.Td w={90} c="dimmed">
                <Trans>{value.cdrs[cdr].length} aa</Trans>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Residues numbering={value} />
      <Germlines numbering={value} />
    </Stack>
  );
}

/** Counts of risk sites per region and severity. */
export function liabilitiesByRegion(liabilities: readonly Liability[]) {
  return REGION_ORDER.map((region) => {
    const here = liabilities.filter((l) => l.region === region);
    return {
      region,
      total: here.length,
      bySeverity: Object.fromEntries(
        SEVERITY_ORDER.map((s) => [s, here.filter((l) => l.severity === s).length]),
      ) as Record<Severity, number>,
    };
  }).filter((row) => row.total > 0);
}

function LiabilitiesBlock({ block }: { block: Extract<ResultBlock, { kind: 'liabilities' }> }) {
  const { t } = useLingui();
  const rows = liabilitiesByRegion(block.value);
  const ordered = [...block.value].sort(
    (a, b) =>
      REGION_ORDER.indexOf(a.region) - REGION_ORDER.indexOf(b.region) ||
      a.sequencePosition - b.sequencePosition,
  );
  return (
    <Stack gap="xs">
      {block.developability ? <Figures figures={block.developability} /> : null}
      {rows.length ? (
        <Table withTableBorder fz="sm" maw={420} data-testid="liabilities-by-region">
          <TableHead columns={[t`Region`, t`High`, t`Medium`, t`Low`]} />
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.region} data-region={row.region}>
                <Table.Td>{REGIONS[row.region]}</Table.Td>
                {SEVERITY_ORDER.map((s) => (
                  <Table.Td key={s}>{row.bySeverity[s] || '–'}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
      <Liabilities liabilities={ordered} />
    </Stack>
  );
}

function HumanizationBlock({ value }: { value: HumanizationResult }) {
  return (
    <Stack gap="xs">
      <Stack gap={2}>
        <Text size="xs" c="dimmed">
          <Trans>Parental sequence</Trans>
        </Text>
        <div data-testid="parental-sequence">
          <Highlighted sequence={value.parent} />
        </div>
      </Stack>
      <Humanized result={value} />
    </Stack>
  );
}

function EpitopesBlock({ value }: { value: EpitopePrediction }) {
  const { t } = useLingui();
  return (
    <Stack gap="xs">
      <Text size="sm">
        <Trans>{value.sequence.length} residues</Trans>
      </Text>
      <EpitopeChart prediction={value} />
      <Segments
        title={t`Consensus segments`}
        segments={value.consensus.segments}
        testId="consensus-segments"
      />
    </Stack>
  );
}

/** The designed variants, sortable by any figure, CDR changes marked against the parent. */
function LibraryBlock({ value }: { value: DesignResult }) {
  const { duplicate, liability, humanness, unnumberable } = value.rejected;
  return (
    <Stack gap="xs">
      <Text size="sm">
        <Trans>
          {value.variants.length} variants kept of {value.generated} generated (seed {value.seed});
          rejected: {duplicate} duplicates, {liability} with new risk sites, {humanness} less human,{' '}
          {unnumberable} not numberable. Parent human identity {percent(value.parent.humanIdentity)}
          .
        </Trans>
      </Text>
      <VariantTable result={value} shown={LIBRARY_SHOWN} testId="library-table" sortable />
      {value.variants.length > LIBRARY_SHOWN ? (
        <Text size="xs" c="dimmed">
          <Trans>
            The first {LIBRARY_SHOWN} variants in this order are shown; the downloads hold all of
            them.
          </Trans>
        </Text>
      ) : null}
    </Stack>
  );
}

function Block({ block }: { block: ResultBlock }) {
  const { t, i18n } = useLingui();
  switch (block.kind) {
    case 'text':
      return (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="result-text">
          {typeof block.value === 'string' ? block.value : inLanguage(block.value, i18n.locale)}
        </Text>
      );
    case 'files':
      return (
        <Group gap="xs" data-testid="result-files">
          {block.value.map((name) => (
            <Badge key={name} variant="outline" tt="none" leftSection={<IconFile size={12} />}>
              {name}
            </Badge>
          ))}
        </Group>
      );
    case 'numbering':
      return (
        <BlockCard block={block} title={t`Numbering and CDRs`}>
          <NumberingBlock value={block.value} />
        </BlockCard>
      );
    case 'liabilities':
      return (
        <BlockCard block={block} title={t`Risk sites by region`}>
          <LiabilitiesBlock block={block} />
        </BlockCard>
      );
    case 'humanization':
      return (
        <BlockCard block={block} title={t`Humanized vs parental`}>
          <HumanizationBlock value={block.value} />
        </BlockCard>
      );
    case 'epitopes':
      return (
        <BlockCard block={block} title={t`Epitope scores`}>
          <EpitopesBlock value={block.value} />
        </BlockCard>
      );
    case 'library':
      return (
        <BlockCard block={block} title={t`Designed library`}>
          <LibraryBlock value={block.value} />
        </BlockCard>
      );
    case 'target-library':
      return (
        <BlockCard block={block} title={t`Antibodies designed against the target`}>
          <TargetLibraryBlock value={block.value} />
        </BlockCard>
      );
    case 'structure-epitopes':
      return (
        <BlockCard block={block} title={t`Epitopes on the structure`}>
          <StructureEpitopes value={block.value} />
        </BlockCard>
      );
    case 'structure':
      return (
        <BlockCard block={block} title={t`Predicted structure`}>
          <StructureBlock value={block.value} />
        </BlockCard>
      );
  }
}

const isTapReport = (value: unknown): value is TapReport =>
  typeof value === 'object' &&
  value !== null &&
  Array.isArray((value as { metrics?: unknown }).metrics);

/** A predicted structure: what made it (the built-in model says so, with its regions) and Mol*. */
function StructureBlock({ value }: { value: StructureResult }) {
  const { t } = useLingui();
  return (
    <Stack gap="xs" data-testid="structure-block">
      {value.predictor === 'built-in-template' && value.regions ? (
        <BuiltInModelNote regions={value.regions} />
      ) : null}
      <Text size="sm">
        <Trans>{value.atoms ?? 0} atoms; download the PDB file to open it.</Trans>
      </Text>
      <FvStructureView
        pdb={value.pdb}
        label={t`Predicted structure`}
        builtIn={value.predictor === 'built-in-template'}
        developability={isTapReport(value.developability) ? value.developability : undefined}
      />
    </Stack>
  );
}

/** The JSON as sent, for what has no known shape and for anyone who wants the numbers. */
export function RawJson({ data }: { data: unknown }) {
  return (
    <ScrollArea.Autosize mah={480} type="auto">
      <Code block data-testid="raw-json">
        {JSON.stringify(data, null, 2)}
      </Code>
    </ScrollArea.Autosize>
  );
}

/**
 * Renders what a node took or returned: the blocks of known shape, with the raw JSON one switch away
 * (shown at once when nothing has a known shape) and its download. `name` names the downloads.
 */
export function ResultView({ data, name }: { data: unknown; name: string }) {
  const { t } = useLingui();
  const blocks = detectResults(data);
  const rich = blocks.some((b) => b.kind !== 'text' && b.kind !== 'files');
  const [view, setView] = useState<'result' | 'raw'>('result');
  if (isEmptyOutput(data)) return <NoContent />;
  const showRaw = !blocks.length || view === 'raw';
  return (
    <Stack gap="sm" data-testid="result-view">
      <Group justify="space-between" gap="xs">
        {blocks.length ? (
          <SegmentedControl
            size="xs"
            value={showRaw ? 'raw' : 'result'}
            onChange={(v) => setView(v as 'result' | 'raw')}
            data={[
              { value: 'result', label: rich ? t`Result` : t`Summary` },
              { value: 'raw', label: t`Raw JSON` },
            ]}
            data-testid="result-view-switch"
          />
        ) : (
          <span />
        )}
        <DownloadButtons downloads={[jsonDownload(data, name)]} />
      </Group>
      {showRaw ? (
        <RawJson data={data} />
      ) : (
        blocks.map((block, index) => <Block key={index} block={block} />)
      )}
    </Stack>
  );
}

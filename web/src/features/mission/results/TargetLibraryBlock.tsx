import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Badge, Group, Stack, Table, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Suspense, useMemo } from 'react';

import { colorsByPatch, inLanguage, LazyMolstarViewer } from '../../antibody';
import { type CdrLogo, cdrLogo, type TargetCdr, type TargetLibrary } from './target-library';

// A library designed against a target: what it is and is not (first, in the reader's language),
// the epitope on the antigen, CDR logos of the designs and the ranked table with each score's parts.

/** Rows shown at once; the downloads hold all of them. */
const SHOWN = 200;
const LOGO_CDRS: TargetCdr[] = ['h1', 'h2', 'h3', 'l3'];
const CDR_NAMES: Record<TargetCdr, string> = {
  h1: 'CDR-H1',
  h2: 'CDR-H2',
  h3: 'CDR-H3',
  l1: 'CDR-L1',
  l2: 'CDR-L2',
  l3: 'CDR-L3',
};

/** Residue colours by chemistry (acidic, basic, polar, aromatic and hydrophobic, small). */
function residueColor(aa: string): string {
  if ('DE'.includes(aa)) return '#c92a2a';
  if ('KRH'.includes(aa)) return '#1c7ed6';
  if ('STNQ'.includes(aa)) return '#2f9e44';
  if ('YWF'.includes(aa)) return '#7048e8';
  if ('GAP'.includes(aa)) return '#868e96';
  return '#e67700';
}

const COLUMN_WIDTH = 18;
const LOGO_HEIGHT = 72;

/** A probability logo: each column's letters stacked, their heights the residue's frequency. */
function Logo({ logo }: { logo: CdrLogo }) {
  const { t } = useLingui();
  const name = CDR_NAMES[logo.cdr];
  const top = logo.columns
    .map((column, i) => `${i + 1}:${column[0]!.residue} ${Math.round(column[0]!.frequency * 100)}%`)
    .join(', ');
  const label = t`${name} sequence logo, length ${logo.length}, ${logo.count} of ${logo.total} designs; most frequent residue per position: ${top}`;
  return (
    <Stack gap={2} data-testid={`logo-${logo.cdr}`}>
      <Text size="xs" fw={600}>
        {name}{' '}
        <Text span size="xs" c="dimmed">
          <Trans>
            length {logo.length}, {logo.count} of {logo.total} designs
          </Trans>
        </Text>
      </Text>
      <svg
        role="img"
        aria-label={label}
        width={logo.columns.length * COLUMN_WIDTH}
        height={LOGO_HEIGHT}
        viewBox={`0 0 ${logo.columns.length * COLUMN_WIDTH} ${LOGO_HEIGHT}`}
      >
        <title>{label}</title>
        {logo.columns.map((column, i) => {
          let y = LOGO_HEIGHT;
          return column.map(({ residue, frequency }) => {
            const height = frequency * LOGO_HEIGHT;
            y -= height;
            if (height < 4) return null;
            return (
              <text
                key={`${i}-${residue}`}
                x={i * COLUMN_WIDTH + COLUMN_WIDTH / 2}
                y={y + height}
                textAnchor="middle"
                fontFamily="monospace"
                fontWeight={700}
                fontSize={20}
                fill={residueColor(residue)}
                transform={`translate(0 ${y + height}) scale(1 ${height / 15}) translate(0 ${-(y + height)})`}
              >
                {residue}
              </text>
            );
          });
        })}
      </svg>
    </Stack>
  );
}

/** The antigen's sequence with the epitope's residues marked. */
function EpitopeOnAntigen({ library }: { library: TargetLibrary }) {
  const marked = new Set(library.epitope.positions);
  return (
    <Text
      size="xs"
      ff="monospace"
      style={{ wordBreak: 'break-all', lineHeight: 1.6 }}
      data-testid="target-antigen"
    >
      {[...library.antigen.sequence].map((aa, i) =>
        marked.has(i + 1) ? (
          <mark key={i} data-epitope="true" style={{ background: '#ffe066', padding: 0 }}>
            {aa}
          </mark>
        ) : (
          <span key={i}>{aa}</span>
        ),
      )}
    </Text>
  );
}

/** The epitope on the antigen's structure, when one was given: its residues coloured in 3D. */
function EpitopeInThreeD({ library }: { library: TargetLibrary }) {
  const { t } = useLingui();
  const residues = library.epitope.pdbResidues;
  const colors = useMemo(() => colorsByPatch([{ rank: 1, residues: residues ?? [] }]), [residues]);
  if (!library.structure?.pdb || !residues?.length) return null;
  return (
    <Suspense fallback={<Text size="sm">{t`Loading the 3D viewer…`}</Text>}>
      <LazyMolstarViewer pdb={library.structure.pdb} label={t`Antigen`} colors={colors} />
    </Suspense>
  );
}

export function TargetLibraryBlock({ value }: { value: TargetLibrary }) {
  const { i18n } = useLingui();
  const lang = i18n.locale;
  const { epitope, rejected } = value;
  const logos = LOGO_CDRS.map((c) => cdrLogo(value.designs, c)).filter(
    (l): l is CdrLogo => l !== undefined,
  );
  const rows = value.designs.slice(0, SHOWN);
  const kept = value.designs.length;
  const rejectedCount = Object.values(rejected).reduce((a, b) => a + b, 0);
  return (
    <Stack gap="xs" data-testid="target-library">
      <Alert
        color="yellow"
        variant="light"
        icon={<IconInfoCircle size={16} />}
        data-testid="target-claim"
      >
        {inLanguage(value.claim, lang)}
      </Alert>
      <Text size="sm" data-testid="target-epitope">
        <Trans>
          Epitope {epitope.start}-{epitope.end} ({epitope.residues}, net charge {epitope.netCharge}
          ): {inLanguage(epitope.method, lang)}
        </Trans>
      </Text>
      <EpitopeOnAntigen library={value} />
      <EpitopeInThreeD library={value} />
      <Group gap="xs">
        <Text size="sm">
          <Trans>
            {kept} designs kept of {value.generated} generated (seed {value.seed}); {rejectedCount}{' '}
            rejected.
          </Trans>
        </Text>
        {Object.entries(value.sources).map(([source, n]) => (
          <Badge key={source} variant="light" tt="none">
            {source} × {n}
          </Badge>
        ))}
      </Group>
      {value.developabilityNote ? (
        <Text size="xs" c="dimmed">
          {inLanguage(value.developabilityNote, lang)}
        </Text>
      ) : null}
      <Group gap="lg" align="flex-start" data-testid="target-logos">
        {logos.map((logo) => (
          <Logo key={logo.cdr} logo={logo} />
        ))}
      </Group>
      <Table.ScrollContainer minWidth={1000}>
        <Table striped withTableBorder fz="sm" data-testid="target-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>#</Table.Th>
              <Table.Th>
                <Trans>Source</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Germlines</Trans>
              </Table.Th>
              <Table.Th>CDR-H3</Table.Th>
              <Table.Th>CDR-L3</Table.Th>
              <Table.Th>
                <Trans>Score</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Paratope</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Charge</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Humanness</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Developability</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Risk sites</Trans>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((d) => (
              <Table.Tr key={d.id} data-rank={d.rank}>
                <Table.Td>{d.rank}</Table.Td>
                <Table.Td>{d.source}</Table.Td>
                <Table.Td>{d.scaffold}</Table.Td>
                <Table.Td ff="monospace">{d.cdrs.h3}</Table.Td>
                <Table.Td ff="monospace">{d.cdrs.l3 ?? '–'}</Table.Td>
                <Table.Td fw={600}>{d.score}</Table.Td>
                <Table.Td>{d.parts.paratope}</Table.Td>
                <Table.Td>{d.parts.charge}</Table.Td>
                <Table.Td>{d.parts.humanness}</Table.Td>
                <Table.Td>{d.parts.developability}</Table.Td>
                <Table.Td>{d.parts.liabilities}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {kept > SHOWN ? (
        <Text size="xs" c="dimmed">
          <Trans>The first {SHOWN} designs are shown; the downloads hold all of them.</Trans>
        </Text>
      ) : null}
    </Stack>
  );
}

import { useLingui } from '@lingui/react/macro';
import { Group, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import type { TapMetricName, TapReport } from '@platform/antibody';
import { Suspense, useMemo, useState } from 'react';

import { inLanguage } from '../labels';
import { FvSequence } from './FvSequence';
import { LazyMolstarViewer } from './LazyMolstarViewer';
import {
  colorsByError,
  colorsByRegion,
  colorsByTap,
  ERROR_RED_AT,
  hex,
  pdbResidues,
  ramp,
  REGION_COLORS,
  type ResidueRef,
} from './residue-colors';

type ColorMode = 'default' | 'region' | 'error' | 'tap';

function Swatch({ color, label }: { color: number; label: string }) {
  return (
    <Group gap={4} wrap="nowrap">
      <div style={{ width: 10, height: 10, background: hex(color), borderRadius: 2 }} />
      <Text size="xs">{label}</Text>
    </Group>
  );
}

/**
 * An Fv structure in 3D, coloured by region (IMGT frameworks and each CDR), by the built-in model's
 * estimated error per residue (its B-factor column, Å) or by the residues behind a TAP metric
 * (Raybould et al., PNAS 2019), with the legend of the colouring shown. Its sequence beside it: a
 * residue clicked there is focused and highlighted in 3D, and one clicked in 3D is marked there.
 */
export function FvStructureView({
  pdb,
  label,
  developability,
  builtIn,
}: {
  pdb: string;
  label: string;
  developability?: TapReport;
  /** A built-in template model: its B-factors are estimated errors. */
  builtIn?: boolean;
}) {
  const { t, i18n } = useLingui();
  const [mode, setMode] = useState<ColorMode>(builtIn ? 'region' : 'default');
  const metrics = (developability?.metrics ?? []).filter((m) => m.residues.length > 0);
  const [metric, setMetric] = useState<TapMetricName | undefined>(metrics[0]?.name);
  const residues = useMemo(() => pdbResidues(pdb), [pdb]);
  const chosen = metrics.find((m) => m.name === metric);
  const [focus, setFocus] = useState<ResidueRef | null>(null);
  const colors = useMemo(() => {
    if (mode === 'region') return colorsByRegion(residues);
    if (mode === 'error') return colorsByError(residues);
    if (mode === 'tap' && chosen) return colorsByTap(chosen.residues, chosen.flag);
    return undefined;
  }, [mode, residues, chosen]);
  // The 3D view's own chain colours have no map; the sequence then shows the regions.
  const sequenceColors = useMemo(() => colors ?? colorsByRegion(residues), [colors, residues]);
  const modes = [
    { value: 'region', label: t`Region` },
    ...(builtIn ? [{ value: 'error', label: t`Estimated error` }] : []),
    ...(metrics.length ? [{ value: 'tap', label: t`TAP patch` }] : []),
    { value: 'default', label: t`Chain` },
  ];
  return (
    <Stack gap="xs" data-testid="fv-structure" data-colour={mode}>
      <Group gap="xs">
        <SegmentedControl
          size="xs"
          value={mode}
          onChange={(v) => setMode(v as ColorMode)}
          data={modes}
          aria-label={t`Colour the structure by`}
          data-testid="structure-colour-mode"
        />
        {mode === 'tap' ? (
          <Select
            size="xs"
            w={260}
            aria-label={t`TAP metric`}
            value={metric ?? null}
            onChange={(v) => setMetric((v as TapMetricName | null) ?? undefined)}
            data={metrics.map((m) => ({
              value: m.name,
              label: `${inLanguage(m.label, i18n.locale)} (${m.value})`,
            }))}
            allowDeselect={false}
          />
        ) : null}
      </Group>
      {mode === 'region' ? (
        <Group gap="sm">
          <Swatch color={REGION_COLORS.H.fr} label={t`H framework`} />
          <Swatch color={REGION_COLORS.H.cdr1} label="CDR-H1" />
          <Swatch color={REGION_COLORS.H.cdr2} label="CDR-H2" />
          <Swatch color={REGION_COLORS.H.cdr3} label="CDR-H3" />
          <Swatch color={REGION_COLORS.L.fr} label={t`L framework`} />
          <Swatch color={REGION_COLORS.L.cdr1} label="CDR-L1" />
          <Swatch color={REGION_COLORS.L.cdr2} label="CDR-L2" />
          <Swatch color={REGION_COLORS.L.cdr3} label="CDR-L3" />
        </Group>
      ) : null}
      {mode === 'error' ? (
        <Group gap="sm">
          <Swatch color={ramp(0)} label="0 Å" />
          <Swatch color={ramp(0.5)} label={`${ERROR_RED_AT / 2} Å`} />
          <Swatch color={ramp(1)} label={t`${ERROR_RED_AT} Å or more`} />
        </Group>
      ) : null}
      {mode === 'tap' && chosen ? (
        <Text size="xs">{inLanguage(chosen.bands, i18n.locale)}</Text>
      ) : null}
      <Suspense fallback={<Text size="sm">{t`Loading the 3D viewer…`}</Text>}>
        <LazyMolstarViewer
          pdb={pdb}
          label={label}
          colors={colors}
          focus={focus}
          onPick={setFocus}
        />
      </Suspense>
      <FvSequence residues={residues} colors={sequenceColors} focus={focus} onFocus={setFocus} />
    </Stack>
  );
}

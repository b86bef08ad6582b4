import { Trans, useLingui } from '@lingui/react/macro';
import {
  Badge,
  Button,
  Group,
  ScrollArea,
  SegmentedControl,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import type { EpitopePatch, StructureEpitopeResidue } from '@platform/antibody';
import { Suspense, useMemo, useState } from 'react';

import { LazyMolstarViewer } from './LazyMolstarViewer';
import {
  colorsByPatch,
  colorsByScore,
  hex,
  PATCH_COLORS,
  ramp,
  residueKey,
  type ResidueRef,
} from './residue-colors';
import { TableHead } from './TableHead';

export interface StructureEpitopesValue {
  name?: string;
  chain?: string;
  chainChoice?: string;
  residues: StructureEpitopeResidue[];
  patches: EpitopePatch[];
  pdb?: string;
}

type ColorMode = 'epitope' | 'protrusion' | 'patch';

/**
 * A residue's epitope score (`combined`: protrusion × exposed area × distance from the chain ends,
 * the toolkit's best-measured structure score); a result stored before the score existed has only
 * the protrusion index.
 */
function epitopeScore(r: StructureEpitopeResidue): number {
  return Number.isFinite(r.combined) ? r.combined : r.score;
}

/** The epitope score scaled to the antigen's highest, for the 0-1 colour ramp. */
function colorsByEpitopeScore(residues: readonly StructureEpitopeResidue[]) {
  const highest = Math.max(...residues.map(epitopeScore), Number.EPSILON);
  return colorsByScore(residues.map((r) => ({ ...r, score: epitopeScore(r) / highest })));
}

/** Residues of a patch listed before "…" in its row; every residue is in the CSV. */
const PATCH_RESIDUES_SHOWN = 24;

/** A residue a click focuses in 3D; filled when it is the one in focus. */
function ResidueButton({
  residue,
  focused,
  onFocus,
}: {
  residue: ResidueRef & { residue: string };
  focused: boolean;
  onFocus: (r: ResidueRef) => void;
}) {
  return (
    <Button
      size="compact-xs"
      variant={focused ? 'filled' : 'default'}
      ff="monospace"
      onClick={() => onFocus({ chain: residue.chain, number: residue.number })}
      data-testid="epitope-residue"
      data-residue={residueKey(residue)}
      aria-pressed={focused}
    >
      {residue.residue}
      {residue.number}
    </Button>
  );
}

/**
 * Epitopes predicted on an antigen's structure (ElliPro, Ponomarenko et al. 2008): the antigen in 3D
 * coloured by the epitope score, the protrusion index or patch, the ranked patches and the
 * best-scored residues by epitope score; a
 * residue clicked in a table is focused and highlighted in 3D, and one clicked in 3D is marked in
 * the tables.
 */
export function StructureEpitopes({ value }: { value: StructureEpitopesValue }) {
  const { t } = useLingui();
  const [mode, setMode] = useState<ColorMode>('epitope');
  const [focus, setFocus] = useState<ResidueRef | null>(null);
  const colors = useMemo(() => {
    if (mode === 'epitope') return colorsByEpitopeScore(value.residues);
    if (mode === 'protrusion') return colorsByScore(value.residues);
    return colorsByPatch(value.patches);
  }, [mode, value]);
  const top = useMemo(
    () => [...value.residues].sort((a, b) => epitopeScore(b) - epitopeScore(a)).slice(0, 15),
    [value.residues],
  );
  const focusedKey = focus ? residueKey(focus) : '';
  const chain = value.chain ?? value.residues[0]?.chain ?? '';
  const residueCount = value.residues.length;
  const patchCount = value.patches.length;
  return (
    <Stack gap="xs" data-testid="structure-epitopes">
      <Text size="sm">
        <Trans>
          ElliPro on chain {chain}: {residueCount} residues, {patchCount} predicted patches. Click a
          residue to focus it in 3D.
        </Trans>
      </Text>
      {value.pdb ? (
        <>
          <Group gap="xs">
            <SegmentedControl
              size="xs"
              value={mode}
              onChange={(v) => setMode(v as ColorMode)}
              data={[
                { value: 'epitope', label: t`Epitope score` },
                { value: 'protrusion', label: t`Protrusion index` },
                { value: 'patch', label: t`Patches` },
              ]}
              aria-label={t`Colour the antigen by`}
              data-testid="epitope-colour-mode"
            />
            {mode !== 'patch' ? (
              <Group gap={4} aria-hidden>
                <Text size="xs">{t`low`}</Text>
                <div
                  style={{
                    width: 96,
                    height: 10,
                    background: `linear-gradient(to right, ${hex(ramp(0))}, ${hex(ramp(0.5))}, ${hex(ramp(1))})`,
                  }}
                />
                <Text size="xs">{t`high`}</Text>
              </Group>
            ) : null}
          </Group>
          <Suspense fallback={<Text size="sm">{t`Loading the 3D viewer…`}</Text>}>
            <LazyMolstarViewer
              pdb={value.pdb}
              label={t`Antigen`}
              colors={colors}
              focus={focus}
              onPick={setFocus}
            />
          </Suspense>
        </>
      ) : null}
      <ScrollArea.Autosize mah={360} type="auto">
        <Table withTableBorder fz="sm" data-testid="epitope-patches">
          <TableHead columns={[t`Patch`, t`Score`, t`Residues`]} />
          <Table.Tbody>
            {value.patches.map((patch) => (
              <Table.Tr key={patch.rank} data-rank={patch.rank}>
                <Table.Td w={70}>
                  <Badge
                    variant="filled"
                    color={hex(PATCH_COLORS[Math.min(patch.rank, PATCH_COLORS.length) - 1])}
                  >
                    {patch.rank}
                  </Badge>
                </Table.Td>
                <Table.Td w={70}>{patch.score.toFixed(2)}</Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {patch.residues.slice(0, PATCH_RESIDUES_SHOWN).map((r) => (
                      <ResidueButton
                        key={residueKey(r)}
                        residue={r}
                        focused={residueKey(r) === focusedKey}
                        onFocus={setFocus}
                      />
                    ))}
                    {patch.residues.length > PATCH_RESIDUES_SHOWN ? <Text size="xs">…</Text> : null}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
      <Text size="xs" c="dimmed">
        <Trans>
          Best-scored residues (epitope score: protrusion × exposed area × distance from the chain
          ends):
        </Trans>
      </Text>
      <Group gap={4} data-testid="epitope-top-residues">
        {top.map((r) => (
          <ResidueButton
            key={residueKey(r)}
            residue={r}
            focused={residueKey(r) === focusedKey}
            onFocus={setFocus}
          />
        ))}
      </Group>
    </Stack>
  );
}

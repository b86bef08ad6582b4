import { useLingui } from '@lingui/react/macro';
import { Group, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { ONE_LETTER } from '@platform/antibody';
import { memo, useMemo } from 'react';

import {
  hex,
  type PdbResidueLine,
  type ResidueColors,
  residueKey,
  type ResidueRef,
} from './residue-colors';
import classes from './Toolkit.module.css';

/** The residues per chain, in the file's order. */
const chainsOf = (residues: readonly PdbResidueLine[]) => {
  const chains = new Map<string, PdbResidueLine[]>();
  for (const r of residues) {
    const chain = chains.get(r.chain);
    if (chain) chain.push(r);
    else chains.set(r.chain, [r]);
  }
  return [...chains];
};

/**
 * The model's sequence, chain by chain, each residue under a bar in its colour in 3D: a residue
 * clicked here is focused in 3D (`onFocus`), and the one in focus (clicked here or in 3D) is marked.
 * Memoised: a structure's few hundred buttons re-render only when the focus or colours change.
 */
export const FvSequence = memo(function FvSequence({
  residues,
  colors,
  focus,
  onFocus,
}: {
  residues: readonly PdbResidueLine[];
  colors?: ResidueColors;
  focus: ResidueRef | null;
  onFocus: (residue: ResidueRef) => void;
}) {
  const { t } = useLingui();
  const chains = useMemo(() => chainsOf(residues), [residues]);
  const focusedKey = focus ? residueKey(focus) : '';
  return (
    <Stack gap={4} data-testid="fv-sequence">
      {chains.map(([chain, chainResidues]) => (
        <Group key={chain} gap="xs" wrap="nowrap" align="flex-start">
          <Text size="xs" fw={600} w={56} style={{ flexShrink: 0 }}>
            {t`Chain ${chain}`}
          </Text>
          <ScrollArea type="auto" offsetScrollbars style={{ flex: 1 }}>
            <Group gap={0} wrap="nowrap" role="group" aria-label={t`Sequence of chain ${chain}`}>
              {chainResidues.map((r) => {
                const key = residueKey(r);
                const focused = key === focusedKey;
                const letter = ONE_LETTER[r.residue] ?? 'X';
                return (
                  <UnstyledButton
                    key={key}
                    className={classes.sequenceResidue}
                    data-focused={focused || undefined}
                    style={{ borderBottomColor: colors?.[key] ? hex(colors[key]) : 'transparent' }}
                    onClick={() => onFocus({ chain: r.chain, number: r.number })}
                    aria-pressed={focused}
                    aria-label={`${chain} ${r.number} ${r.residue}`}
                    title={`${chain} ${r.number} ${r.residue}`}
                    data-testid="sequence-residue"
                    data-residue={key}
                  >
                    {letter}
                  </UnstyledButton>
                );
              })}
            </Group>
          </ScrollArea>
        </Group>
      ))}
    </Stack>
  );
});

import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { type ReactNode, useMemo, useState } from 'react';

import type { StructureEpitopeJob } from '../toolkit.jobs';
import { useToolkitJob } from '../useToolkitJob';
import { JobErrorAlert, Running } from './JobFeedback';
import { pdbResidues } from './residue-colors';
import { StructureEpitopes } from './StructureEpitopes';

/** The protein chains of PDB text (those with CA atoms) and their lengths, in the file's order. */
function proteinChains(pdb: string): { id: string; length: number }[] {
  const lengths = new Map<string, number>();
  for (const r of pdbResidues(pdb)) lengths.set(r.chain, (lengths.get(r.chain) ?? 0) + 1);
  return [...lengths].map(([id, length]) => ({ id, length }));
}

/**
 * Epitopes on an opened PDB file: the user picks the antigen chain (the longest by default) and
 * ElliPro runs in the toolkit's worker; the antigen is then shown coloured by score or patch, with
 * its ranked patches, instead of the plain view (`plain`).
 */
export function FileEpitopes({ pdb, plain }: { pdb: string; plain: ReactNode }) {
  const { t } = useLingui();
  const chains = useMemo(() => proteinChains(pdb), [pdb]);
  const longest = chains.reduce<{ id: string; length: number } | undefined>(
    (a, b) => (!a || b.length > a.length ? b : a),
    undefined,
  );
  const [chain, setChain] = useState<string | null>(longest?.id ?? null);
  const job = useToolkitJob<StructureEpitopeJob>();
  const shownChain = job.result?.chain;
  return (
    <Stack gap="xs">
      <Group gap="xs" align="flex-end">
        <Select
          size="xs"
          w={220}
          label={t`Antigen chain`}
          value={chain}
          onChange={setChain}
          data={chains.map((c) => ({
            value: c.id,
            label: t`Chain ${c.id} (${c.length} residues)`,
          }))}
          allowDeselect={false}
          data-testid="file-epitope-chain"
        />
        <Button
          size="xs"
          disabled={!chain || job.running}
          loading={job.running}
          onClick={() => chain && void job.run({ kind: 'structureEpitopes', pdb, chain })}
          data-testid="file-epitopes-predict"
        >
          <Trans>Predict epitopes (ElliPro)</Trans>
        </Button>
        {job.result ? (
          <Text size="xs" c="dimmed">
            <Trans>Shown: epitopes on chain {shownChain}</Trans>
          </Text>
        ) : null}
      </Group>
      {job.error ? <JobErrorAlert error={job.error} /> : null}
      {job.running && !job.result ? <Running>{t`Scoring the antigen…`}</Running> : null}
      {job.result ? <StructureEpitopes value={job.result} /> : plain}
    </Stack>
  );
}

import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Card, Group, SegmentedControl, Stack, Tabs, Text, Title } from '@mantine/core';
import type { Scheme } from '@platform/antibody';
import {
  IconBinaryTree,
  IconChartLine,
  IconCube,
  IconFlask,
  IconShieldExclamation,
  IconUserCheck,
} from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';

import { EpitopeTab } from './components/EpitopeTab';
import { HumanizationTab } from './components/HumanizationTab';
import { EmptyState, JobErrorAlert, Running } from './components/JobFeedback';
import { LibraryTab } from './components/LibraryTab';
import { NumberingTab } from './components/NumberingTab';
import { RiskTab } from './components/RiskTab';
import { SequenceTextarea } from './components/SequenceTextarea';
import { StructureTab } from './components/StructureTab';
import { EXAMPLE_ANTIBODIES } from './examples';
import { stopToolkitWorker } from './toolkit.client';
import type { AnalysisRecord, AnalyzeJob } from './toolkit.jobs';
import { useToolkitJob } from './useToolkitJob';

const TABS = [
  { value: 'numbering', label: msg`Numbering`, Icon: IconBinaryTree },
  { value: 'risks', label: msg`Risk sites`, Icon: IconShieldExclamation },
  { value: 'humanization', label: msg`Humanization`, Icon: IconUserCheck },
  { value: 'epitopes', label: msg`Epitopes`, Icon: IconChartLine },
  { value: 'library', label: msg`Library design`, Icon: IconFlask },
  { value: 'structure', label: msg`Structure`, Icon: IconCube },
];

const SCHEMES: { value: Scheme; label: string }[] = [
  { value: 'imgt', label: 'IMGT' },
  { value: 'kabat', label: 'Kabat' },
  { value: 'chothia', label: 'Chothia' },
];

/** What a tab that works on the analysed sequences shows: the result, or why there is none. */
function Analysed({
  job,
  children,
}: {
  job: ReturnType<typeof useToolkitJob<AnalyzeJob>>;
  children: (records: AnalysisRecord[]) => ReactNode;
}) {
  const { t } = useLingui();
  if (job.error) return <JobErrorAlert error={job.error} />;
  if (job.result) return <>{children(job.result)}</>;
  if (job.running) return <Running>{t`Numbering the sequences…`}</Running>;
  return (
    <EmptyState>
      <Trans>
        Paste antibody variable domains (VH, VK or VL) above, in FASTA or as plain sequence, and
        press Analyze.
      </Trans>
    </EmptyState>
  );
}

/** The antibody toolkit (issue 7): everything but structure prediction is computed in the browser. */
export function AntibodyToolkitPage() {
  const { t, i18n } = useLingui();
  const [text, setText] = useState('');
  const [scheme, setScheme] = useState<Scheme>('imgt');
  const [analysedScheme, setAnalysedScheme] = useState<Scheme>();
  const analysis = useToolkitJob<AnalyzeJob>();
  const { run } = analysis;

  useEffect(() => stopToolkitWorker, []);

  const analyse = (nextScheme = scheme) => {
    setAnalysedScheme(nextScheme);
    void run({ kind: 'analyze', text, scheme: nextScheme });
  };
  const changeScheme = (value: string) => {
    setScheme(value as Scheme);
    // Results on screen follow the scheme; numbering is quick, so the input is simply run again.
    if (analysedScheme && text.trim()) analyse(value as Scheme);
  };

  return (
    <Stack data-testid="antibody-toolkit">
      <div>
        <Title order={2}>
          <Trans>Antibody toolkit</Trans>
        </Title>
        <Text c="dimmed" size="sm">
          <Trans>
            Numbering and CDRs, risk sites, humanization, epitopes and CDR library design run in
            your browser; nothing leaves it except a structure prediction you ask for.
          </Trans>
        </Text>
      </div>
      <Card withBorder>
        <Stack gap="sm">
          <SequenceTextarea
            label={t`Antibody sequences (FASTA or plain, one or more VH/VK/VL domains)`}
            placeholder={'>my_VH\nEVQLVESGGGLVQPGGSLRLSCAAS…'}
            minRows={4}
            value={text}
            onValue={setText}
            data-testid="sequence-input"
          />
          <Group justify="space-between" wrap="wrap">
            <Group gap="sm">
              <Text size="sm" fw={500}>
                <Trans>Numbering scheme</Trans>
              </Text>
              <SegmentedControl
                data={SCHEMES}
                value={scheme}
                onChange={changeScheme}
                data-testid="scheme"
              />
            </Group>
            <Group gap="sm">
              <Button variant="subtle" onClick={() => setText(EXAMPLE_ANTIBODIES)}>
                <Trans>Example antibodies</Trans>
              </Button>
              <Button
                onClick={() => analyse()}
                disabled={!text.trim()}
                loading={analysis.running}
                data-testid="analyze"
              >
                <Trans>Analyze</Trans>
              </Button>
            </Group>
          </Group>
        </Stack>
      </Card>
      <Tabs defaultValue="numbering" keepMounted>
        <Tabs.List>
          {TABS.map(({ value, label, Icon }) => (
            <Tabs.Tab key={value} value={value} leftSection={<Icon size={16} />}>
              {i18n._(label)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="numbering" pt="md">
          <Analysed job={analysis}>{(records) => <NumberingTab records={records} />}</Analysed>
        </Tabs.Panel>
        <Tabs.Panel value="risks" pt="md">
          <Analysed job={analysis}>{(records) => <RiskTab records={records} />}</Analysed>
        </Tabs.Panel>
        <Tabs.Panel value="humanization" pt="md">
          <Analysed job={analysis}>{(records) => <HumanizationTab records={records} />}</Analysed>
        </Tabs.Panel>
        <Tabs.Panel value="epitopes" pt="md">
          <EpitopeTab />
        </Tabs.Panel>
        <Tabs.Panel value="library" pt="md">
          <Analysed job={analysis}>{(records) => <LibraryTab records={records} />}</Analysed>
        </Tabs.Panel>
        <Tabs.Panel value="structure" pt="md">
          <StructureTab records={analysis.result ?? []} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

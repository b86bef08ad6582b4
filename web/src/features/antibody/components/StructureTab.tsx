import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Card, FileButton, Group, Select, Stack, Text, Title } from '@mantine/core';
import type { RegionReport } from '@platform/antibody';
import { IconDownload, IconFileUpload } from '@tabler/icons-react';
import { Suspense, useState } from 'react';

import { RequestError } from '../../../lib/request';
import { saveText } from '../export';
import { CHAIN_TYPES } from '../labels';
import { predictStructure } from '../structure.api';
import type { AnalysisRecord } from '../toolkit.jobs';
import { BuiltInModelNote } from './BuiltInModelNote';
import { FileEpitopes } from './FileEpitopes';
import { FvStructureView } from './FvStructureView';
import { EmptyState, Running } from './JobFeedback';
import { LazyMolstarViewer } from './LazyMolstarViewer';

const MAX_FILE_BYTES = 20 * 1024 * 1024;

interface Shown {
  pdb: string;
  label: string;
  source: 'file' | 'predicted';
  atoms: number;
  predictor?: 'external' | 'built-in-template';
  regions?: RegionReport[];
}

const fileName = (label: string) =>
  /\.(pdb|ent)$/i.test(label) ? label : `${label.replace(/[^\w.-]+/g, '_') || 'structure'}.pdb`;

const atomCount = (pdb: string) =>
  pdb.split('\n').filter((line) => line.startsWith('ATOM') || line.startsWith('HETATM')).length;

function chainOptions(records: AnalysisRecord[], heavy: boolean) {
  return records.flatMap((r, k) =>
    r.numbering && (r.numbering.chainType === 'heavy') === heavy
      ? [{ value: String(k), record: r }]
      : [],
  );
}

const chainsKey = (records: AnalysisRecord[]) =>
  records.map((r) => `${r.id}:${r.numbering?.chainType ?? ''}`).join('|');

function Predict({
  records,
  onPredicted,
}: {
  records: AnalysisRecord[];
  onPredicted: (shown: Shown) => void;
}) {
  const { t, i18n } = useLingui();
  const heavyOptions = chainOptions(records, true);
  const lightOptions = chainOptions(records, false);
  const [heavy, setHeavy] = useState<string | null>(heavyOptions[0]?.value ?? null);
  const [light, setLight] = useState<string | null>(lightOptions[0]?.value ?? null);
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string>();
  const data = (options: ReturnType<typeof chainOptions>) =>
    options.map(({ value, record }) => ({
      value,
      label: `${record.id} · ${i18n._(CHAIN_TYPES[record.numbering!.chainType])}`,
    }));
  const sequenceOf = (value: string | null) =>
    value === null ? undefined : records[Number(value)]?.numbering?.sequence;
  const predict = async () => {
    setRunning(true);
    setError(undefined);
    try {
      const result = await predictStructure({ heavy: sequenceOf(heavy), light: sequenceOf(light) });
      const label = [heavy, light]
        .filter((v): v is string => v !== null)
        .map((v) => records[Number(v)]?.id)
        .join(' + ');
      onPredicted({
        pdb: result.pdb,
        atoms: result.atoms,
        label,
        source: 'predicted',
        predictor: result.predictor,
        regions: result.regions,
      });
    } catch (failure) {
      setError(failure instanceof RequestError ? failure.message : String(failure));
    } finally {
      setRunning(false);
    }
  };
  if (heavyOptions.length === 0 && lightOptions.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        <Trans>Number a heavy or light chain above to predict its structure.</Trans>
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      <Group align="flex-end" wrap="wrap">
        {(
          [
            [t`Heavy chain`, heavyOptions, heavy, setHeavy, 'structure-heavy'],
            [t`Light chain`, lightOptions, light, setLight, 'structure-light'],
          ] as const
        ).map(([label, options, value, onChange, testId]) => (
          <Select
            key={testId}
            label={label}
            w={300}
            clearable
            data={data(options)}
            value={value}
            onChange={onChange}
            data-testid={testId}
          />
        ))}
        <Button
          onClick={() => void predict()}
          loading={running}
          disabled={heavy === null && light === null}
          data-testid="structure-predict"
        >
          <Trans>Predict structure</Trans>
        </Button>
      </Group>
      {running ? (
        <Running>{t`The predictor is folding the chains; this can take minutes.`}</Running>
      ) : null}
      {error ? (
        <Alert color="red" data-testid="structure-error">
          {error}
        </Alert>
      ) : null}
    </Stack>
  );
}

function OpenFile({ onOpened }: { onOpened: (shown: Shown) => void }) {
  const { t } = useLingui();
  const [error, setError] = useState<string>();
  const open = async (file: File | null) => {
    if (!file) return;
    setError(undefined);
    if (file.size > MAX_FILE_BYTES) {
      setError(t`The file is larger than 20 MB.`);
      return;
    }
    const pdb = await file.text();
    const atoms = atomCount(pdb);
    if (atoms === 0) {
      setError(t`The file holds no ATOM records; choose a PDB file.`);
      return;
    }
    onOpened({ pdb, atoms, label: file.name, source: 'file' });
  };
  return (
    <Stack gap="xs">
      <FileButton onChange={(file) => void open(file)} accept=".pdb,.ent,chemical/x-pdb,text/plain">
        {(props) => (
          <Button
            {...props}
            variant="default"
            leftSection={<IconFileUpload size={16} />}
            w="fit-content"
            data-testid="structure-open"
          >
            <Trans>Open a PDB file</Trans>
          </Button>
        )}
      </FileButton>
      {error ? (
        <Alert color="red" data-testid="structure-file-error">
          {error}
        </Alert>
      ) : null}
    </Stack>
  );
}

/** A structure from a local PDB file or from the predictor (configured or built-in), shown in Mol*. */
export function StructureTab({ records }: { records: AnalysisRecord[] }) {
  const { t } = useLingui();
  const [shown, setShown] = useState<Shown>();
  return (
    <Stack>
      <Group align="stretch" grow wrap="wrap">
        <Card withBorder>
          <Stack gap="xs">
            <Title order={6}>
              <Trans>Local file</Trans>
            </Title>
            <OpenFile onOpened={setShown} />
          </Stack>
        </Card>
        <Card withBorder>
          <Stack gap="xs">
            <Title order={6}>
              <Trans>Prediction</Trans>
            </Title>
            <Text size="xs" c="dimmed">
              <Trans>
                Sent to the structure predictor the platform is configured with (for example a
                self-hosted ESMFold or ImmuneBuilder server); without one, the built-in template
                model answers in about a second.
              </Trans>
            </Text>
            {/* A new analysis gives new chains to choose from: start the choice afresh. */}
            <Predict key={chainsKey(records)} records={records} onPredicted={setShown} />
          </Stack>
        </Card>
      </Group>
      {shown ? (
        <Stack gap="xs">
          <Group justify="space-between">
            <Text size="sm" data-testid="structure-label">
              {shown.source === 'file' ? t`File` : t`Predicted`}: {shown.label} ·{' '}
              {t`${shown.atoms} atoms`}
            </Text>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconDownload size={14} />}
              onClick={() => saveText(shown.pdb, fileName(shown.label), 'chemical/x-pdb')}
              data-testid="structure-download"
            >
              <Trans>Download PDB</Trans>
            </Button>
          </Group>
          {shown.predictor === 'built-in-template' && shown.regions ? (
            <BuiltInModelNote regions={shown.regions} />
          ) : null}
          {shown.source === 'predicted' ? (
            // A model of the chains: coloured by region, and by estimated error if built in.
            <FvStructureView
              pdb={shown.pdb}
              label={shown.label}
              builtIn={shown.predictor === 'built-in-template'}
            />
          ) : (
            // An opened file may be an antigen: its epitopes can be predicted and shown on it.
            <FileEpitopes
              key={shown.pdb}
              pdb={shown.pdb}
              plain={
                <Suspense fallback={<Running>{t`Loading the 3D viewer…`}</Running>}>
                  <LazyMolstarViewer pdb={shown.pdb} label={shown.label} />
                </Suspense>
              }
            />
          )}
        </Stack>
      ) : (
        <EmptyState>
          <Trans>Open a PDB file or predict a structure to see it in 3D.</Trans>
        </EmptyState>
      )}
    </Stack>
  );
}

import { useLingui } from '@lingui/react/macro';
import { Button, Group, Select, Stack } from '@mantine/core';
import {
  addValidatorParam,
  canRemoveValidatorParam,
  removeValidatorParam,
  renameValidatorCall,
  setValidatorParam,
  VALIDATOR_NAMES,
} from '@platform/bpmn';
import type { ValidatorCall } from '@platform/contracts';
import { IconPlus, IconTrash } from '@tabler/icons-react';

import { IconButton } from '../../../components/IconButton';
import { useDict } from '../../../hooks/useDict';
import { CommitTextInput } from './fields';

/** Validator names from dictionary `workflow_val_type` (spec §5), the known names until it loads. */
export function useValidatorOptions(): { value: string; label: string }[] {
  const entries = useDict('workflow_val_type');
  if (entries.length) return entries.map((e) => ({ value: e.dictValue, label: e.dictLabel }));
  return VALIDATOR_NAMES.map((name) => ({ value: name, label: name }));
}

/**
 * One validator call: its name, and one text parameter or a list of them (a list keeps at least
 * one entry, spec §5).
 */
export function ValidatorEditor(props: {
  call: ValidatorCall;
  onChange(call: ValidatorCall): void;
  testId: string;
}) {
  const { t } = useLingui();
  const options = useValidatorOptions();
  const { call, onChange, testId } = props;
  const known = options.some((o) => o.value === call.name);
  return (
    <Stack gap={4} data-testid={testId}>
      <Select
        size="xs"
        label={t`Validator`}
        data={known || !call.name ? options : [...options, { value: call.name, label: call.name }]}
        value={call.name || null}
        onChange={(name) => name && onChange(renameValidatorCall(call, name))}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
        data-testid={`${testId}-name`}
      />
      {Array.isArray(call.params) ? (
        <Stack gap={4}>
          {call.params.map((param, index) => (
            <Group key={index} gap={4} wrap="nowrap" align="flex-end">
              <div style={{ flex: 1 }}>
                <CommitTextInput
                  label={index === 0 ? t`Parameters` : ''}
                  value={param}
                  onCommit={(value) => onChange(setValidatorParam(call, value, index))}
                  testId={`${testId}-param-${index}`}
                />
              </div>
              <IconButton
                label={t`Remove parameter`}
                variant="subtle"
                color="red"

                disabled={!canRemoveValidatorParam(call)}
                onClick={() => onChange(removeValidatorParam(call, index))}
                data-testid={`${testId}-param-remove-${index}`}
              >
                <IconTrash size={14} />
              </IconButton>
            </Group>
          ))}
          <Button
            size="compact-xs"
            variant="subtle"
            leftSection={<IconPlus size={12} />}
            onClick={() => onChange(addValidatorParam(call))}
            data-testid={`${testId}-param-add`}
            style={{ alignSelf: 'flex-start' }}
          >
            {t`Add parameter`}
          </Button>
        </Stack>
      ) : (
        <CommitTextInput
          label={t`Parameter`}
          value={call.params}
          onCommit={(value) => onChange(setValidatorParam(call, value))}
          testId={`${testId}-param-0`}
        />
      )}
    </Stack>
  );
}

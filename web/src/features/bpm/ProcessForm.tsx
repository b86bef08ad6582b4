import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Checkbox, NumberInput, Select, Stack, Textarea, TextInput } from '@mantine/core';

import type { FieldProblem, FormField } from './start-form';

const PROBLEM_TEXT = {
  required: msg`This field is required`,
  whole: msg`Enter a whole number`,
} as const;

/**
 * A process form's fields (start form or a step's), with each field's problem shown under it once the
 * user tried to send. `readOnly` shows the values of earlier steps.
 */
export function ProcessForm({
  fields,
  values,
  problems = {},
  readOnly = false,
  onChange,
}: {
  fields: readonly FormField[];
  values: Record<string, unknown>;
  problems?: Record<string, FieldProblem>;
  readOnly?: boolean;
  onChange?: (id: string, value: unknown) => void;
}) {
  const { i18n } = useLingui();
  const set = (id: string) => (value: unknown) => onChange?.(id, value);
  return (
    <Stack gap="sm" data-testid="process-form">
      {fields.map((field) => {
        const problem = problems[field.id];
        const common = {
          label: field.label,
          required: field.required,
          readOnly,
          error: problem ? i18n._(PROBLEM_TEXT[problem]) : undefined,
          'data-testid': `form-field-${field.id}`,
        };
        const value = values[field.id];
        switch (field.type) {
          case 'boolean':
            return (
              <Checkbox
                key={field.id}
                {...common}
                disabled={readOnly}
                checked={value === true}
                onChange={(event) => set(field.id)(event.currentTarget.checked)}
              />
            );
          case 'long':
            return (
              <NumberInput
                key={field.id}
                {...common}
                allowDecimal={false}
                value={value === '' || value === undefined ? '' : Number(value)}
                onChange={(next) => set(field.id)(next)}
              />
            );
          case 'enum':
            return (
              <Select
                key={field.id}
                {...common}
                data={field.options}
                disabled={readOnly}
                value={value === '' || value === undefined ? null : String(value)}
                onChange={(next) => set(field.id)(next ?? '')}
              />
            );
          case 'custom':
            return (
              <Textarea
                key={field.id}
                {...common}
                autosize
                minRows={2}
                value={String(value ?? '')}
                onChange={(event) => set(field.id)(event.currentTarget.value)}
              />
            );
          default:
            return (
              <TextInput
                key={field.id}
                {...common}
                type={field.type === 'date' ? 'date' : 'text'}
                value={String(value ?? '')}
                onChange={(event) => set(field.id)(event.currentTarget.value)}
              />
            );
        }
      })}
    </Stack>
  );
}

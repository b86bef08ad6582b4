import { useLingui } from '@lingui/react/macro';
import { Select, Textarea, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';

// Inputs that apply their value when they lose focus (or on Enter), so one edit is one undoable
// command rather than one per keystroke.

interface CommitProps {
  label: string;
  value: string;
  onCommit(value: string): void;
  testId: string;
  readOnly?: boolean;
  error?: string | null;
  placeholder?: string;
  description?: string;
  required?: boolean;
}

function useDraft(value: string) {
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  return [draft, setDraft] as const;
}

export function CommitTextInput(props: CommitProps) {
  const [draft, setDraft] = useDraft(props.value);
  const commit = () => {
    if (draft !== props.value) props.onCommit(draft);
  };
  return (
    <TextInput
      size="xs"
      label={props.label}
      value={draft}
      readOnly={props.readOnly}
      disabled={props.readOnly}
      error={props.error || undefined}
      placeholder={props.placeholder}
      description={props.description}
      withAsterisk={props.required}
      onChange={(event) => setDraft(event.currentTarget.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit();
      }}
      data-testid={props.testId}
    />
  );
}

export function CommitTextarea(props: CommitProps & { minRows?: number }) {
  const [draft, setDraft] = useDraft(props.value);
  return (
    <Textarea
      size="xs"
      label={props.label}
      value={draft}
      autosize
      minRows={props.minRows ?? 2}
      maxRows={12}
      readOnly={props.readOnly}
      error={props.error || undefined}
      placeholder={props.placeholder}
      description={props.description}
      withAsterisk={props.required}
      onChange={(event) => setDraft(event.currentTarget.value)}
      onBlur={() => draft !== props.value && props.onCommit(draft)}
      data-testid={props.testId}
    />
  );
}

/**
 * Where a script comes from: a choice of inline (the script's text) or an external resource (its
 * address); `types` are the stored values of the two choices.
 */
export function ScriptSourceInputs<T extends string>(props: {
  types: { inline: T; external: T };
  type: T;
  onTypeChange(type: T): void;
  script: string;
  onScriptCommit(script: string): void;
  resource: string;
  onResourceCommit(resource: string): void;
  testIds: { type: string; script: string; resource: string };
}) {
  const { t } = useLingui();
  const { types, testIds } = props;
  return (
    <>
      <Select
        size="xs"
        label={t`Script type`}
        data={[
          { value: types.inline, label: t`Inline script` },
          { value: types.external, label: t`External resource` },
        ]}
        value={props.type}
        onChange={(value) => value && props.onTypeChange(value as T)}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
        data-testid={testIds.type}
      />
      {props.type === types.inline ? (
        <CommitTextarea
          label={t`Script`}
          value={props.script}
          onCommit={props.onScriptCommit}
          testId={testIds.script}
        />
      ) : (
        <CommitTextInput
          label={t`Resource`}
          value={props.resource}
          onCommit={props.onResourceCommit}
          testId={testIds.resource}
        />
      )}
    </>
  );
}

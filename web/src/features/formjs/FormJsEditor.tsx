import { useLingui } from '@lingui/react/macro';
import { Alert, Box, Loader } from '@mantine/core';
import type { FormSchema } from '@platform/contracts';
import { type Ref, useEffect, useImperativeHandle, useRef, useState } from 'react';

import type { FormJsEditorInstance } from './editor-runtime';

export interface FormJsEditorHandle {
  /** The schema as the editor holds it now, or null while it is still loading. */
  saveSchema(): FormSchema | null;
}

/**
 * The form-js editor (palette, canvas, properties panel) on a stored schema. form-js is loaded on first
 * use, in a chunk of its own, like the process designer's bpmn-js. A label's English text goes in the
 * field's custom property `labelEn`, a dictionary-fed choice names its type in `dictType`
 * (@platform/contracts form-schema).
 */
export function FormJsEditor({
  schema,
  ref,
}: {
  schema: FormSchema;
  ref?: Ref<FormJsEditorHandle>;
}) {
  const { t } = useLingui();
  const container = useRef<HTMLDivElement>(null);
  const editor = useRef<FormJsEditorInstance | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  useImperativeHandle(ref, () => ({
    saveSchema: () => (editor.current ? (editor.current.saveSchema() as FormSchema) : null),
  }));

  useEffect(() => {
    let cancelled = false;
    let created: FormJsEditorInstance | null = null;
    void import('./editor-runtime')
      .then(async ({ createEditor }) => {
        if (cancelled || !container.current) return;
        created = createEditor(container.current);
        await created.importSchema(schema);
        if (cancelled) return;
        editor.current = created;
        setState('ready');
      })
      .catch(() => {
        if (!cancelled) setState('failed');
      });
    return () => {
      cancelled = true;
      created?.destroy();
      editor.current = null;
    };
  }, [schema]);

  return (
    <Box data-testid="formjs-editor" data-state={state}>
      {state === 'loading' ? (
        <Loader size="sm" role="status" aria-label={t`Loading the form builder`} />
      ) : null}
      {state === 'failed' ? (
        <Alert color="red">
          {t`The form builder could not be loaded. Reload the page to try again.`}
        </Alert>
      ) : null}
      <Box
        ref={container}
        mih={560}
        style={{ border: '1px solid var(--mantine-color-default-border)' }}
      />
    </Box>
  );
}

import { useLingui } from '@lingui/react/macro';
import { Alert, Box, Loader } from '@mantine/core';
import type { FormSchema } from '@platform/contracts';
import { type Ref, useEffect, useImperativeHandle, useRef, useState } from 'react';

import { translateFormError } from './messages';
import type { FormJsViewerInstance } from './viewer-runtime';

/** What the page holding a viewer may ask of it. */
export interface FormJsViewerHandle {
  /** The values and, by field id, what is wrong (form-js shows the problems under the fields too). */
  submit(): { data: Record<string, unknown>; errors: Record<string, string[]> };
}

/**
 * A form-js schema rendered for filling in (or read-only, for earlier steps). form-js is loaded on
 * first use, in a chunk of its own. The schema is expected localized already (useLocalizedSchema).
 */
export function FormJsViewer({
  schema,
  data,
  readOnly = false,
  ref,
}: {
  schema: FormSchema;
  data?: Record<string, unknown>;
  readOnly?: boolean;
  ref?: Ref<FormJsViewerHandle>;
}) {
  const { t, i18n } = useLingui();
  const container = useRef<HTMLDivElement>(null);
  const viewer = useRef<FormJsViewerInstance | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  useImperativeHandle(ref, () => ({
    submit: () => {
      if (!viewer.current) return { data: {}, errors: { form: [t`The form is still loading`] } };
      const { data: values, errors } = viewer.current.submit();
      return {
        data: values as Record<string, unknown>,
        errors: errors as Record<string, string[]>,
      };
    },
  }));

  useEffect(() => {
    let cancelled = false;
    let created: FormJsViewerInstance | null = null;
    void import('./viewer-runtime')
      .then(async ({ createViewer }) => {
        if (cancelled || !container.current) return;
        created = createViewer(container.current, (message) => translateFormError(i18n, message));
        await created.importSchema(schema, data);
        if (readOnly) created.setProperty('readOnly', true);
        if (cancelled) return;
        viewer.current = created;
        setState('ready');
      })
      .catch(() => {
        if (!cancelled) setState('failed');
      });
    return () => {
      cancelled = true;
      created?.destroy();
      viewer.current = null;
    };
  }, [schema, data, readOnly, i18n]);

  return (
    <Box data-testid="formjs-viewer" data-state={state}>
      {state === 'loading' ? (
        <Loader size="sm" role="status" aria-label={t`Loading the form`} />
      ) : null}
      {state === 'failed' ? (
        <Alert color="red">{t`The form could not be shown. Reload the page to try again.`}</Alert>
      ) : null}
      <div ref={container} />
    </Box>
  );
}

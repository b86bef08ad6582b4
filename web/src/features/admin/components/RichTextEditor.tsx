import { Input, Skeleton } from '@mantine/core';
import { RICH_TEXT_EDITOR } from '@platform/contracts';
import { lazy, Suspense } from 'react';

import type { RichTextEditorProps } from './TiptapEditor';

// Tiptap and ProseMirror (about 450 KB, 120 KB brotli) load with the first form that edits rich text, never with the
// page that lists the records, let alone before sign-in.
const TiptapEditor = lazy(() =>
  import('./TiptapEditor').then((m) => ({ default: m.TiptapEditor })),
);

/** The rich text editor (notices, rich-text items), loaded when first shown. */
export function RichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense
      fallback={
        <Input.Wrapper label={props.label}>
          <Skeleton height={RICH_TEXT_EDITOR.height} data-testid="rich-text-loading" />
        </Input.Wrapper>
      }
    >
      <TiptapEditor {...props} />
    </Suspense>
  );
}

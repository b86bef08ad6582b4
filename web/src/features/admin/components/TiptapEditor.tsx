import '@mantine/tiptap/styles.css';

import { useLingui } from '@lingui/react/macro';
import { Input } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { Link, RichTextEditor as MantineRichTextEditor } from '@mantine/tiptap';
import { RICH_TEXT_EDITOR, RICH_TEXT_IMAGE_EXTENSIONS } from '@platform/contracts';
import { IconPhoto } from '@tabler/icons-react';
import Image from '@tiptap/extension-image';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useMemo, useRef } from 'react';

import { uploadFile } from '../../../lib/crud.api';
import { notify } from '../../../lib/notify';
import classes from './TiptapEditor.module.css';

export interface RichTextEditorProps {
  label: string;
  value: string;
  onChange: (html: string) => void;
  testId?: string;
}

const htmlOf = (editor: { isEmpty: boolean; getHTML(): string }) =>
  editor.isEmpty ? '' : editor.getHTML();

/**
 * The rich text editor on Mantine's Tiptap editor (spec §9: height 300, changes sent 250 ms after the
 * last keystroke; images jpeg/jpg/png/svg only, anything else refused with the spec's image-format
 * message). Loaded only when a form shows it (RichTextEditor.tsx). The server sanitises whatever it
 * receives; this only edits HTML in the browser.
 */
export function TiptapEditor({
  label,
  value,
  onChange,
  testId = 'rich-text',
}: RichTextEditorProps) {
  const { t } = useLingui();
  const file = useRef<HTMLInputElement>(null);
  const emit = useDebouncedCallback((html: string) => onChange(html), RICH_TEXT_EDITOR.debounceMs);
  const editor = useEditor({
    extensions: [
      // Mantine's Link (the link editor's popover) replaces the starter kit's.
      StarterKit.configure({ link: false }),
      Link.configure({ openOnClick: false }),
      Image,
    ],
    content: value,
    // Toolbar buttons show the marks at the caret, so the editor re-renders on every change.
    shouldRerenderOnTransaction: true,
    editorProps: { attributes: { 'data-testid': testId, 'aria-label': label } },
    onUpdate: ({ editor: changed }) => emit(htmlOf(changed)),
  });

  // A value set from outside (another record opened in the form) replaces the content; the value this
  // editor sent itself is already there, and rewriting it while typing would move the caret.
  // React may run this effect again for an editor useEditor has already destroyed (a remount in
  // development): a destroyed editor has no schema to read, so leave it alone.
  useEffect(() => {
    if (!editor || editor.isDestroyed || editor.isFocused) return;
    if ((value ?? '') !== htmlOf(editor))
      editor.commands.setContent(value ?? '', { emitUpdate: false });
  }, [editor, value]);

  const insertImage = async (picked: File | undefined) => {
    if (!picked || !editor) return;
    const ext = picked.name.split('.').pop()?.toLowerCase() ?? '';
    if (!(RICH_TEXT_IMAGE_EXTENSIONS as readonly string[]).includes(ext)) {
      notify('error', t`Image format error!`);
      return;
    }
    try {
      const res = await uploadFile('/common/upload/image', 'file', picked, picked.name);
      editor
        .chain()
        .focus()
        .setImage({ src: String(res.url) })
        .run();
    } catch {
      notify('error', t`Inserting the image failed`);
    }
  };

  const labels = useMemo(
    () => ({
      boldControlLabel: t`Bold`,
      italicControlLabel: t`Italic`,
      underlineControlLabel: t`Underline`,
      strikeControlLabel: t`Strikethrough`,
      clearFormattingControlLabel: t`Clear formatting`,
      h1ControlLabel: t`Heading 1`,
      h2ControlLabel: t`Heading 2`,
      h3ControlLabel: t`Heading 3`,
      bulletListControlLabel: t`Bulleted list`,
      orderedListControlLabel: t`Numbered list`,
      blockquoteControlLabel: t`Quote`,
      hrControlLabel: t`Horizontal line`,
      linkControlLabel: t`Link`,
      unlinkControlLabel: t`Remove link`,
      undoControlLabel: t`Undo`,
      redoControlLabel: t`Redo`,
      linkEditorInputLabel: t`Link address`,
      linkEditorInputPlaceholder: 'https://',
      linkEditorExternalLink: t`Open the link in a new tab`,
      linkEditorInternalLink: t`Open the link in the same tab`,
      linkEditorSave: t`Save`,
    }),
    [t],
  );

  return (
    <Input.Wrapper label={label}>
      <MantineRichTextEditor
        editor={editor}
        labels={labels}
        classNames={{ content: classes.content }}
        styles={{ content: { height: RICH_TEXT_EDITOR.height } }}
      >
        <MantineRichTextEditor.Toolbar>
          <MantineRichTextEditor.ControlsGroup>
            <MantineRichTextEditor.Bold />
            <MantineRichTextEditor.Italic />
            <MantineRichTextEditor.Underline />
            <MantineRichTextEditor.Strikethrough />
            <MantineRichTextEditor.ClearFormatting />
          </MantineRichTextEditor.ControlsGroup>
          <MantineRichTextEditor.ControlsGroup>
            <MantineRichTextEditor.H1 />
            <MantineRichTextEditor.H2 />
            <MantineRichTextEditor.H3 />
          </MantineRichTextEditor.ControlsGroup>
          <MantineRichTextEditor.ControlsGroup>
            <MantineRichTextEditor.BulletList />
            <MantineRichTextEditor.OrderedList />
            <MantineRichTextEditor.Blockquote />
            <MantineRichTextEditor.Hr />
          </MantineRichTextEditor.ControlsGroup>
          <MantineRichTextEditor.ControlsGroup>
            <MantineRichTextEditor.Link />
            <MantineRichTextEditor.Unlink />
            <MantineRichTextEditor.Control
              onClick={() => file.current?.click()}
              aria-label={t`Image`}
              title={t`Image`}
            >
              <IconPhoto size={16} stroke={1.5} />
            </MantineRichTextEditor.Control>
          </MantineRichTextEditor.ControlsGroup>
          <MantineRichTextEditor.ControlsGroup>
            <MantineRichTextEditor.Undo />
            <MantineRichTextEditor.Redo />
          </MantineRichTextEditor.ControlsGroup>
        </MantineRichTextEditor.Toolbar>
        <MantineRichTextEditor.Content />
      </MantineRichTextEditor>
      <input
        ref={file}
        type="file"
        hidden
        accept=".jpeg,.jpg,.png,.svg"
        data-testid={`${testId}-image-file`}
        onChange={(e) => {
          void insertImage(e.currentTarget.files?.[0]);
          e.currentTarget.value = '';
        }}
      />
    </Input.Wrapper>
  );
}

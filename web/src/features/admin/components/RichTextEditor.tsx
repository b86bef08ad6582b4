import { useLingui } from '@lingui/react/macro';
import { ActionIcon, Group, Input, Paper } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { RICH_TEXT_EDITOR, RICH_TEXT_IMAGE_EXTENSIONS } from '@platform/contracts';
import { IconBold, IconItalic, IconList, IconPhoto, IconUnderline } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';

import { notify } from '../../../lib/notify';
import { uploadFile } from '../admin.api';

/**
 * A small rich text editor (spec §9: height 300, input debounced 250 ms; images jpeg/jpg/png/svg only,
 * anything else refused with the spec's image-format message). The server sanitises whatever it
 * receives; this only edits HTML in the browser.
 */
export function RichTextEditor({
  label,
  value,
  onChange,
  testId = 'rich-text',
}: {
  label: string;
  value: string;
  onChange: (html: string) => void;
  testId?: string;
}) {
  const { t } = useLingui();
  const ref = useRef<HTMLDivElement>(null);
  const file = useRef<HTMLInputElement>(null);
  const emit = useDebouncedCallback(
    () => onChange(ref.current?.innerHTML ?? ''),
    RICH_TEXT_EDITOR.debounceMs,
  );
  useEffect(() => {
    // Set once: re-rendering the HTML while typing would move the caret.
    if (ref.current && ref.current.innerHTML !== value && document.activeElement !== ref.current)
      ref.current.innerHTML = value ?? '';
  }, [value]);
  const exec = (command: string, arg?: string) => {
    ref.current?.focus();
    document.execCommand(command, false, arg);
    emit();
  };
  const insertImage = async (picked: File | undefined) => {
    if (!picked) return;
    const ext = picked.name.split('.').pop()?.toLowerCase() ?? '';
    if (!(RICH_TEXT_IMAGE_EXTENSIONS as readonly string[]).includes(ext)) {
      notify('error', t`Image format error!`);
      return;
    }
    try {
      const res = await uploadFile('/common/upload/image', 'file', picked, picked.name);
      exec('insertImage', String(res.url));
    } catch {
      notify('error', t`Inserting the image failed`);
    }
  };
  return (
    <Input.Wrapper label={label}>
      <Paper withBorder>
        <Group gap={2} p={4} style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
          <ActionIcon variant="subtle" onClick={() => exec('bold')} aria-label={t`Bold`}>
            <IconBold size={16} />
          </ActionIcon>
          <ActionIcon variant="subtle" onClick={() => exec('italic')} aria-label={t`Italic`}>
            <IconItalic size={16} />
          </ActionIcon>
          <ActionIcon variant="subtle" onClick={() => exec('underline')} aria-label={t`Underline`}>
            <IconUnderline size={16} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            onClick={() => exec('insertUnorderedList')}
            aria-label={t`List`}
          >
            <IconList size={16} />
          </ActionIcon>
          <ActionIcon variant="subtle" onClick={() => file.current?.click()} aria-label={t`Image`}>
            <IconPhoto size={16} />
          </ActionIcon>
          <input
            ref={file}
            type="file"
            hidden
            accept=".jpeg,.jpg,.png,.svg"
            onChange={(e) => void insertImage(e.currentTarget.files?.[0])}
          />
        </Group>
        <div
          ref={ref}
          contentEditable
          suppressContentEditableWarning
          data-testid={testId}
          onInput={emit}
          style={{ height: RICH_TEXT_EDITOR.height, overflow: 'auto', padding: 8, outline: 'none' }}
        />
      </Paper>
    </Input.Wrapper>
  );
}

import { useLingui } from '@lingui/react/macro';
import { FileInput, Tabs, Textarea, type TextareaProps } from '@mantine/core';
import { ORDER_FILE_EXTENSIONS, ORDER_REASON_MAX, type OrderFileKind } from '@platform/contracts';
import { IconUpload } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';

// Pieces the billing screens share: the reason of an administrator's action, an order's file
// field and the tabs of a page.

/** The reason an administrator gives (points change, rejection, refund): required, at most 255. */
export function ReasonInput({
  value,
  onChange,
  ...props
}: Omit<TextareaProps, 'value' | 'onChange'> & {
  value: string;
  onChange: (value: string) => void;
  'data-testid'?: string;
}) {
  return (
    <Textarea
      withAsterisk
      maxLength={ORDER_REASON_MAX}
      autosize
      minRows={2}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      {...props}
    />
  );
}

/** MIME types of the extensions an order's file of this kind may have. */
export const acceptOf = (kind: OrderFileKind) =>
  ORDER_FILE_EXTENSIONS[kind]
    .map((ext) => (ext === 'pdf' ? 'application/pdf' : `image/${ext}`))
    .join(',');

/** One file of an order to upload; required until the order holds one (`uploaded`). */
export function OrderFileField({
  kind,
  label,
  uploaded,
  value,
  onChange,
  error,
}: {
  kind: OrderFileKind;
  label: string;
  uploaded: boolean;
  value: File | null;
  onChange: (file: File | null) => void;
  error?: string;
}) {
  const { t } = useLingui();
  return (
    <FileInput
      label={label}
      description={uploaded ? t`Uploaded; choose a file to replace it` : undefined}
      placeholder={t`Choose a file`}
      accept={acceptOf(kind)}
      leftSection={<IconUpload size={16} />}
      clearable
      value={value}
      onChange={onChange}
      error={error}
      withAsterisk={!uploaded}
      data-testid={`${kind}-input`}
    />
  );
}

export interface TabSpec {
  value: string;
  label: string;
  testId: string;
  content: ReactNode;
}

/** A page's tabs, the first open; only the open one is mounted (each loads its own list). */
export function PageTabs({ tabs }: { tabs: (TabSpec | false)[] }) {
  const shown = tabs.filter((tab): tab is TabSpec => tab !== false);
  const [tab, setTab] = useState<string | null>(shown[0]?.value ?? null);
  return (
    <Tabs value={tab} onChange={setTab} keepMounted={false}>
      <Tabs.List>
        {shown.map((spec) => (
          <Tabs.Tab key={spec.value} value={spec.value} data-testid={spec.testId}>
            {spec.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {shown.map((spec) => (
        <Tabs.Panel key={spec.value} value={spec.value} pt="md">
          {spec.content}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}

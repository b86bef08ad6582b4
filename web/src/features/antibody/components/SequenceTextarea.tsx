import { Textarea, type TextareaProps } from '@mantine/core';

/** A growing monospace text box for FASTA or plain sequences. */
export function SequenceTextarea({
  value,
  onValue,
  ...props
}: Omit<TextareaProps, 'value' | 'onChange'> & {
  value: string;
  onValue: (value: string) => void;
}) {
  return (
    <Textarea
      autosize
      maxRows={12}
      value={value}
      onChange={(e) => onValue(e.currentTarget.value)}
      styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
      spellCheck={false}
      {...props}
    />
  );
}

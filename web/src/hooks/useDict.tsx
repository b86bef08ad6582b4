import { useLingui } from '@lingui/react';
import { Badge } from '@mantine/core';
import type { DictDataView } from '@platform/contracts';
import { useQuery } from '@tanstack/react-query';

import { dictOf } from '../lib/crud.api';

const COLORS: Record<string, string> = {
  primary: 'blue',
  success: 'green',
  info: 'gray',
  warning: 'orange',
  danger: 'red',
};

/** The entries of a dictionary type, labels in the current language (refetched on a switch). */
export function useDict(type: string): DictDataView[] {
  const { i18n } = useLingui();
  return (
    useQuery({
      queryKey: ['dict', type, i18n.locale],
      queryFn: () => dictOf(type),
      staleTime: 60_000,
    }).data ?? []
  );
}

export function dictOptions(entries: DictDataView[]) {
  return entries.map((e) => ({ value: e.dictValue, label: e.dictLabel }));
}

/** A dictionary value as a coloured tag with its label (spec: dictLabel, listClass). */
export function DictTag({ type, value }: { type: string; value: unknown }) {
  const entries = useDict(type);
  const entry = entries.find((e) => e.dictValue === String(value));
  return (
    <Badge
      variant="light"
      tt="none"
      styles={{ label: { overflow: 'visible' } }}
      color={COLORS[entry?.listClass ?? ''] ?? 'gray'}
      className={entry?.cssClass || undefined}
      data-testid={`dict-${type}`}
    >
      {entry?.dictLabel ?? String(value ?? '')}
    </Badge>
  );
}

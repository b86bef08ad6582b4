import { useLingui } from '@lingui/react';
import {
  type DictDataView,
  type FormSchema,
  type FormSchemaValue,
  localizeSchema,
  schemaDictTypes,
  schemaOfForm,
} from '@platform/contracts';
import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';

import { dictOf } from '../../lib/crud.api';

/**
 * A stored form (its schema, or its old field list converted) as the reader sees it: labels in the
 * reader's language and dictionary-bound choices filled from the dictionary API in that language (the
 * same cache entries as useDict). `schema` is null until the dictionaries have arrived.
 */
export function useLocalizedSchema(
  form: { schema?: unknown; fields?: readonly unknown[] } | undefined,
): { schema: FormSchema | null; error: Error | null } {
  const { i18n } = useLingui();
  const stored = useMemo(() => (form ? schemaOfForm(form) : null), [form]);
  const types = useMemo(() => (stored ? schemaDictTypes(stored) : []), [stored]);
  const dicts = useQueries({
    queries: types.map((type) => ({
      queryKey: ['dict', type, i18n.locale],
      queryFn: () => dictOf(type),
      staleTime: 60_000,
    })),
  });
  const pending = dicts.some((d) => d.isPending);
  const error = dicts.find((d) => d.error)?.error ?? null;
  const data = dicts.map((d) => d.data);
  // The queries' results are new arrays on every render; their content keys the memo, so the viewer
  // (which re-imports on a new schema) is not rebuilt while the user types.
  const dataKey = JSON.stringify(data);
  const schema = useMemo(() => {
    if (!stored || pending) return null;
    const dictionaries: Record<string, FormSchemaValue[]> = {};
    types.forEach((type, index) => {
      dictionaries[type] = ((data[index] ?? []) as DictDataView[]).map((e) => ({
        value: e.dictValue,
        label: e.dictLabel,
      }));
    });
    return localizeSchema(stored, i18n.locale, dictionaries);
    // `data` itself is keyed by dataKey.
  }, [stored, pending, i18n.locale, types, dataKey]);
  return { schema, error };
}

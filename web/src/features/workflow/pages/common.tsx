import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Center, Loader, TagsInput } from '@mantine/core';
import type { NamedView } from '@platform/contracts';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useRouter, useSearch } from '@tanstack/react-router';
import type { ReactNode } from 'react';

import { HasPermi } from '../../../components/Permission';

/** The `?id=` of an info page: a positive whole number, else null (a new record). */
export function useIdParam(): number | null {
  const search = useSearch({ strict: false }) as { id?: unknown };
  const id = Number(search.id);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** Loading and error states of a page that needs one record before it can show anything. */
export function LoadState({
  loading,
  error,
  onRetry,
  children,
}: {
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  children: ReactNode;
}) {
  if (error) {
    return (
      <Alert color="red" title={<Trans>Loading failed</Trans>} data-testid="load-error">
        <Button size="xs" variant="light" mt="xs" onClick={onRetry}>
          <Trans>Retry</Trans>
        </Button>
      </Alert>
    );
  }
  if (loading) {
    return (
      <Center py={60} data-testid="page-loading">
        <Loader />
      </Center>
    );
  }
  return <>{children}</>;
}

/** The "Add" button of a list whose records are edited on a page of their own. */
export function AddButton({ permission, to }: { permission: string; to: string }) {
  const router = useRouter();
  return (
    <HasPermi value={permission}>
      <Button
        leftSection={<IconPlus size={16} />}
        variant="light"
        data-testid="add"
        onClick={() => router.history.push(to)}
      >
        <Trans>Add</Trans>
      </Button>
    </HasPermi>
  );
}

/** Picker options from a `listSimple` answer, named in the current language where there is an English name. */
export function useNamedOptions(key: string, load: () => Promise<NamedView[]>) {
  const { i18n } = useLingui();
  const query = useQuery({ queryKey: ['named', key], queryFn: load, staleTime: 30_000 });
  const options = (query.data ?? []).map((item) => ({
    value: String(item.id),
    label: i18n.locale === 'en' && item.nameEn ? item.nameEn : item.name,
  }));
  return { options, loading: query.isLoading, names: query.data ?? [] };
}

/** Tags typed freely or picked from those already in use. */
export function TagsField({
  value,
  onChange,
  suggestions,
  error,
  required,
}: {
  value: string[];
  onChange: (tags: string[]) => void;
  suggestions: string[];
  error?: ReactNode;
  required?: boolean;
}) {
  const { t } = useLingui();
  return (
    <TagsInput
      label={t`Tags`}
      description={t`Press Enter after each tag`}
      withAsterisk={required}
      data={suggestions}
      value={value}
      onChange={onChange}
      error={error}
      clearable
      data-testid="field-tags"
    />
  );
}

export const formatTime = (iso: string | null | undefined) =>
  iso ? new Date(iso).toLocaleString() : '';

import type { I18n } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Badge,
  Button,
  Card,
  Group,
  Select,
  type SelectProps,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  type TextInputProps,
} from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { NAME_MAX, type NamedView, PERMISSIONS as P } from '@platform/contracts';
import { IconDeviceFloppy, IconEdit, IconHierarchy2, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useRouter, useSearch } from '@tanstack/react-router';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';

import type { Field } from '../../../components/CrudPage';
import { IconButton } from '../../../components/IconButton';
import { HasPermi } from '../../../components/Permission';
import { type FormErrors, onlyErrors } from '../validation';

export const designerPath = (workflowId: number) =>
  `/bpm/manager/model/design?workflowId=${workflowId}`;

/**
 * The `?id=` of an info page: a positive whole number; null without one (a new record); undefined
 * while any other value sends the user to /404, as the numeric route params of spec §2 do.
 */
export function useIdParam(): number | null | undefined {
  const search = useSearch({ strict: false }) as { id?: unknown };
  const router = useRouter();
  const absent = search.id === undefined || search.id === '';
  const id = Number(search.id);
  const invalid = !absent && !(Number.isInteger(id) && id > 0);
  useEffect(() => {
    if (invalid) router.history.replace('/404');
  }, [invalid, router]);
  if (absent) return null;
  return invalid ? undefined : id;
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

/** Picker options of tags, each its own label. */
export const tagOptions = (tags: string[] | undefined) =>
  (tags ?? []).map((tag) => ({ value: tag, label: tag }));

/** A form's problems in the current language, as Mantine's `validate` wants them. */
export const translatedErrors = (i18n: I18n, errors: FormErrors) =>
  Object.fromEntries(Object.entries(onlyErrors(errors)).map(([k, m]) => [k, i18n._(m)]));

/** An icon button of a list row, shown to those with the permission. */
export function RowAction({
  permission,
  label,
  testId,
  onClick,
  children,
}: {
  permission: string;
  label: string;
  testId: string;
  /** An action that returns a promise keeps the button busy until it settles (no double runs). */
  onClick: () => void | Promise<unknown>;
  children: ReactNode;
}) {
  const [running, setRunning] = useState(false);
  const run = () => {
    const result = onClick();
    if (!(result instanceof Promise)) return;
    setRunning(true);
    // A failed request has already been shown to the user by the request layer.
    void result.catch(() => undefined).finally(() => setRunning(false));
  };
  return (
    <HasPermi value={permission}>
      <IconButton
        label={label}
        variant="subtle"
        data-testid={testId}
        loading={running}
        disabled={running}
        onClick={run}
      >
        {children}
      </IconButton>
    </HasPermi>
  );
}

/** The "Edit" button of a list row whose record is edited on the page `to`. */
export function EditRowAction({ permission, to }: { permission: string; to: string }) {
  const { t } = useLingui();
  const router = useRouter();
  return (
    <RowAction
      permission={permission}
      label={t`Edit`}
      testId="edit"
      onClick={() => router.history.push(to)}
    >
      <IconEdit size={16} />
    </RowAction>
  );
}

/** The required name of a record's form. */
export function NameInput(props: TextInputProps) {
  const { t } = useLingui();
  return <TextInput label={t`Name`} withAsterisk data-testid="field-name" {...props} />;
}

/** The status of a record's form, one of `data`. */
export function StatusSelect(props: SelectProps) {
  const { t } = useLingui();
  return <Select label={t`Status`} allowDeselect={false} data-testid="field-status" {...props} />;
}

/** A record's description in Chinese and in English. */
export function DescriptionInputs({
  chinese,
  english,
}: {
  chinese: GetInputPropsReturnType;
  english: GetInputPropsReturnType;
}) {
  const { t } = useLingui();
  return (
    <>
      <Textarea
        label={t`Description (Chinese)`}
        autosize
        minRows={2}
        data-testid="field-description"
        {...chinese}
      />
      <Textarea
        label={t`Description (English)`}
        autosize
        minRows={2}
        data-testid="field-descriptionEn"
        {...english}
      />
    </>
  );
}

/** The submit button of a record's form. */
export function SaveButton({ busy }: { busy: boolean }) {
  return (
    <Button
      type="submit"
      loading={busy}
      leftSection={<IconDeviceFloppy size={16} />}
      data-testid="form-submit"
    >
      <Trans>Save</Trans>
    </Button>
  );
}

/** The foot of a record's form: `back` (the button's text) returns to the list at `backTo`. */
export function FormFooter({
  busy,
  back,
  backTo,
}: {
  busy: boolean;
  back: ReactNode;
  backTo: string;
}) {
  const router = useRouter();
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={() => router.history.push(backTo)}>
        {back}
      </Button>
      <SaveButton busy={busy} />
    </Group>
  );
}

/** Opens the designer on the workflow's diagram, for those who may edit workflows. */
export function DesignButton({ workflowId }: { workflowId: number }) {
  const router = useRouter();
  return (
    <HasPermi value={P.wujie.workflow.edit}>
      <Button
        variant="light"
        leftSection={<IconHierarchy2 size={16} />}
        data-testid="design"
        onClick={() => router.history.push(designerPath(workflowId))}
      >
        <Trans>Design flowchart</Trans>
      </Button>
    </HasPermi>
  );
}

/** The rule of a record's name: not empty and at most NAME_MAX characters. */
export function useNameRule(): (value: string) => string | null {
  const { t } = useLingui();
  return (value) =>
    !value.trim()
      ? t`Name cannot be empty`
      : value.length > NAME_MAX
        ? t`Length should not exceed ${NAME_MAX} characters`
        : null;
}

/** A list filter by one of the tags in use. */
export const tagFilter = (label: string, tags: string[] | undefined): Field => ({
  name: 'tag',
  label,
  type: 'select',
  options: tagOptions(tags),
});

/** The title of a list inside a form, with the button that adds an item. */
export function ListHeader({
  title,
  addLabel,
  addTestId,
  onAdd,
}: {
  title: ReactNode;
  addLabel: ReactNode;
  addTestId: string;
  onAdd: () => void;
}) {
  return (
    <Group justify="space-between">
      <Text size="sm" fw={500}>
        {title}
      </Text>
      <Button
        size="xs"
        variant="light"
        leftSection={<IconPlus size={14} />}
        data-testid={addTestId}
        onClick={onAdd}
      >
        {addLabel}
      </Button>
    </Group>
  );
}

/** A record's tags in a list row. */
export function TagBadges({ tags }: { tags: string[] }) {
  return (
    <Group gap={4}>
      {tags.map((tag) => (
        <Badge key={tag} variant="outline" tt="none">
          {tag}
        </Badge>
      ))}
    </Group>
  );
}

/** `busy` while the work given to `whileBusy` runs, for the loader of the button that started it. */
export function useBusy() {
  const [busy, setBusy] = useState(false);
  const whileBusy = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  };
  return { busy, whileBusy };
}

/** The frame of a record's form: a card around the form and its fields, one below the other. */
export function FormCard({
  testId,
  maw,
  onSubmit,
  children,
}: {
  testId: string;
  maw?: number;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  return (
    <Card withBorder maw={maw} data-testid={testId}>
      <form onSubmit={onSubmit}>
        <Stack gap="sm">{children}</Stack>
      </form>
    </Card>
  );
}

import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Avatar, Button, Card, Group, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type CompanyView, PERMISSIONS as P, type RichTextView } from '@platform/contracts';
import { IconEye } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useRouter, useSearch } from '@tanstack/react-router';
import { useState } from 'react';

import { AppLink } from '../../../components/AppLink';
import { CrudPage } from '../../../components/CrudPage';
import { IconButton } from '../../../components/IconButton';
import { DictTag } from '../../../hooks/useDict';
import { fetchData, saveEntity } from '../../../lib/crud.api';
import { notify } from '../../../lib/notify';
import { KeyValueTable } from '../components/KeyValueTable';
import { RichTextEditor } from '../components/RichTextEditor';

/** wujie/company/index: companies with their registered users. */
export function CompaniesPage() {
  const { t } = useLingui();
  return (
    <CrudPage<CompanyView & Record<string, unknown>>
      config={{
        testId: 'companies-page',
        listUrl: '/wujie/company/list',
        baseUrl: '/wujie/company',
        idKey: 'companyId',
        filters: [
          { name: 'companyName', label: t`Company name` },
          { name: 'companyCode', label: t`Company code` },
        ],
        columns: [
          {
            key: 'logo',
            title: t`Logo`,
            render: (r) => <Avatar src={r.logo || undefined} size="sm" />,
          },
          {
            key: 'companyName',
            title: t`Company name`,
            render: (r) => (
              <Anchor component={AppLink} to={`/company/info?id=${r.companyId}`}>
                {r.companyName}
              </Anchor>
            ),
          },
          { key: 'companyCode', title: t`Company code` },
          { key: 'userCount', title: t`Registered users` },
          { key: 'contactName', title: t`Contact` },
          { key: 'contactPhone', title: t`Contact phone` },
          {
            key: 'status',
            title: t`Status`,
            render: (r) => <DictTag type="sys_normal_disable" value={r.status} />,
          },
          {
            key: 'createTime',
            title: t`Registered`,
            render: (r) => new Date(r.createTime).toLocaleString(),
          },
        ],
        form: companyFields(t),
        permissions: {
          add: P.wujie.company.add,
          edit: P.wujie.company.edit,
          remove: P.wujie.company.remove,
        },
      }}
    />
  );
}

function companyFields(t: ReturnType<typeof useLingui>['t']) {
  return [
    { name: 'companyName', label: t`Company name`, required: true },
    { name: 'companyCode', label: t`Company code`, required: true },
    { name: 'logo', label: t`Logo URL` },
    { name: 'contactPerson', label: t`Contact person` },
    { name: 'contactName', label: t`Contact name` },
    { name: 'contactPhone', label: t`Contact phone` },
  ];
}

/** /company/create: a new company on a page of its own. */
export function CompanyCreatePage() {
  const { t } = useLingui();
  const router = useRouter();
  const form = useForm<Record<string, string>>({
    initialValues: {
      companyName: '',
      companyCode: '',
      logo: '',
      contactPerson: '',
      contactName: '',
      contactPhone: '',
    },
  });
  return (
    <Card withBorder maw={560}>
      <form
        onSubmit={form.onSubmit(async (values) => {
          const created = await saveEntity('/wujie/company', values, true);
          notify('success', t`Saved`);
          router.history.push(`/company/info?id=${String(created.companyId)}`);
        })}
      >
        <Stack>
          <Title order={2} size="h4">
            <Trans>Create company</Trans>
          </Title>
          {companyFields(t).map((f) => (
            <TextInput
              key={f.name}
              label={f.label}
              withAsterisk={f.required}
              {...form.getInputProps(f.name)}
            />
          ))}
          <Button type="submit">
            <Trans>Confirm</Trans>
          </Button>
        </Stack>
      </form>
    </Card>
  );
}

/** /company/info?id=: one company. */
export function CompanyInfoPage() {
  const { t } = useLingui();
  const search = useSearch({ strict: false }) as { id?: number | string };
  const company = useQuery({
    queryKey: ['company', search.id],
    queryFn: () => fetchData<CompanyView>(`/wujie/company/${search.id}`),
    enabled: !!search.id,
  });
  const c = company.data;
  if (!c) return null;
  return (
    <Card withBorder maw={640}>
      <Group mb="md">
        <Avatar src={c.logo || undefined} size="lg" />
        <Title order={2} size="h4">
          {c.companyName}
        </Title>
      </Group>
      <KeyValueTable
        rows={[
          [t`Company code`, c.companyCode],
          [t`Registered users`, String(c.userCount)],
          [t`Registered`, new Date(c.createTime).toLocaleString()],
          [t`Contact person`, c.contactPerson],
          [t`Contact name`, c.contactName],
          [t`Contact phone`, c.contactPhone],
        ]}
      />
    </Card>
  );
}

/** wujie/richtext/index: rich text items (agreement texts and the like). */
export function RichTextPage() {
  const { t } = useLingui();
  const [viewing, setViewing] = useState<RichTextView | null>(null);
  return (
    <Stack>
      <CrudPage<RichTextView & Record<string, unknown>>
        config={{
          testId: 'richtext-page',
          listUrl: '/wujie/richtext/list',
          baseUrl: '/wujie/richtext',
          idKey: 'id',
          filters: [{ name: 'name', label: t`Name` }],
          columns: [
            { key: 'id', title: t`ID` },
            { key: 'name', title: t`Name` },
            { key: 'createBy', title: t`Author` },
            {
              key: 'createTime',
              title: t`Created`,
              render: (r) => new Date(r.createTime).toLocaleString(),
            },
          ],
          form: [
            { name: 'name', label: t`Name`, required: true },
            {
              name: 'content',
              label: t`Content`,
              type: 'custom',
              render: (value, onChange) => (
                <RichTextEditor
                  label={t`Content`}
                  value={String(value ?? '')}
                  onChange={onChange}
                />
              ),
            },
          ],
          defaults: { content: '' },
          permissions: {
            add: P.wujie.richText.add,
            edit: P.wujie.richText.edit,
            remove: P.wujie.richText.remove,
          },
          rowActions: (row) => (
            <IconButton label={t`View`} variant="subtle" onClick={() => setViewing(row)}>
              <IconEye size={16} />
            </IconButton>
          ),
        }}
      />
      {viewing ? (
        <Card withBorder>
          <Title order={2} size="h5">
            {viewing.name}
          </Title>
          <div dangerouslySetInnerHTML={{ __html: viewing.content }} />
        </Card>
      ) : null}
    </Stack>
  );
}

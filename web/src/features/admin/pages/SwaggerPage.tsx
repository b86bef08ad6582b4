import 'swagger-ui-react/swagger-ui.css';
import './swagger-overrides.css';

import { useLingui } from '@lingui/react/macro';
import { Alert, Box, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import SwaggerUI from 'swagger-ui-react';

import { getToken } from '../../../lib/auth';
import { fetchData } from '../../../lib/crud.api';
import { currentLanguage } from '../../../lib/i18n';

interface OpenApiDoc {
  info: { title: string; version: string };
  paths: Record<string, unknown>;
}

/**
 * The signed-in administrator's session on every call "Try it out" sends: the gateway checks the
 * same permissions as for the console itself, so the page can only do what its user may.
 */
function withSession(request: { headers: Record<string, string> }) {
  const token = getToken();
  if (token) request.headers.Authorization = `Bearer ${token}`;
  request.headers.lang = currentLanguage();
  return request;
}

/**
 * tool/swagger/index: the gateway's OpenAPI document in Swagger UI (swagger-ui-react, the viewer the
 * OpenAPI project maintains), grouped by area (the controllers' tags), with "Try it out" sending the
 * administrator's session. The document itself needs this page's permission (tool:swagger:list), so
 * the page shows nothing to anyone else. Loaded with this page only: the viewer is large.
 */
export function SwaggerPage() {
  const { t } = useLingui();
  const doc = useQuery({
    queryKey: ['openapi'],
    queryFn: () => fetchData<OpenApiDoc>('/v3/api-docs'),
  });
  if (doc.isPending)
    return <Loader role="status" aria-label={t`Loading…`} data-testid="swagger-loading" />;
  if (doc.isError) {
    return (
      <Alert
        color="red"
        title={t`The API document could not be loaded`}
        data-testid="swagger-error"
      >
        {doc.error.message}
      </Alert>
    );
  }
  if (!Object.keys(doc.data.paths ?? {}).length) {
    return <Text data-testid="swagger-empty">{t`The API document has no routes.`}</Text>;
  }
  return (
    <Stack data-testid="swagger-page" gap="xs">
      <Title order={2} size="h4">
        {doc.data.info.title} {doc.data.info.version}
      </Title>
      <Text size="sm" c="dimmed">
        {t`“Try it out” sends your own session: a call does what you may do, and changes real data.`}
      </Text>
      <Box className="swagger-ui-host">
        <SwaggerUI
          spec={doc.data as object}
          requestInterceptor={withSession as never}
          docExpansion="list"
          filter
          deepLinking={false}
          tryItOutEnabled={false}
          persistAuthorization={false}
        />
      </Box>
    </Stack>
  );
}

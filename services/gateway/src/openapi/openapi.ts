import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { API_BASE } from '@platform/contracts';
import { validationMetadatasToSchemas } from 'class-validator-jsonschema';

/**
 * The OpenAPI document of every gateway route. Request bodies are contract classes validated with
 * class-validator rather than annotated for Swagger, so their schemas are derived from the validation
 * metadata (class-validator-jsonschema) instead of being written a second time.
 */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Antibody design platform API')
    .setDescription(
      'Envelope {code, msg, data}; lists {code, msg, rows, total}. Messages follow `lang` (zh default). ' +
        'Each operation lists who may call it under x-access.',
    )
    .setVersion('1.0')
    .addServer(API_BASE)
    .addBearerAuth()
    .build();
  const document = SwaggerModule.createDocument(app, config, {
    ignoreGlobalPrefix: true,
  });
  const schemas = validationMetadatasToSchemas({ refPointerPrefix: '#/components/schemas/' });
  document.components = {
    ...document.components,
    schemas: {
      ...(document.components?.schemas ?? {}),
      ...(schemas as OpenAPIObject['components'] & object),
    },
  };
  return document;
}

export const OPENAPI_DOCUMENT = Symbol('OPENAPI_DOCUMENT');

/** Filled in once the app is initialised (the document needs the routes). */
export class OpenApiHolder {
  document: OpenAPIObject | null = null;
}

import { Controller, Get } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { PERMISSIONS } from '@platform/contracts';

import { RequirePermissions } from '../common/decorators';
import { OpenApiHolder } from './openapi';

/** Serves the OpenAPI document to the API documentation screen. */
@ApiExcludeController()
@Controller('v3/api-docs')
export class OpenApiController {
  constructor(private readonly holder: OpenApiHolder) {}

  @Get()
  @RequirePermissions(PERMISSIONS.tool.swagger.list)
  document() {
    return this.holder.document;
  }
}

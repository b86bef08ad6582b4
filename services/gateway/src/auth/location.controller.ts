import { Controller, Get, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { DEFAULT_AREA_CODE } from '@platform/contracts';
import type { FastifyRequest } from 'fastify';

import { Public } from '../common/decorators';
import { languageOf } from '../common/request-context';

export interface LocationView {
  ip: string;
  /** Best guess without a geo-IP database: the browser's language. */
  isMainland: boolean;
  /** Area code to preselect in phone forms. */
  areaCode: string;
}

/** GET /location (spec §7): where the caller seems to be, for defaults such as the phone area code. */
@ApiTags('auth')
@Controller('location')
export class LocationController {
  @Get()
  @Public()
  location(@Req() request: FastifyRequest): LocationView {
    // No geo-IP data ships with the embedded defaults; the language the browser asks for stands in.
    const isMainland = languageOf(request) === 'zh';
    return { ip: request.ip, isMainland, areaCode: isMainland ? DEFAULT_AREA_CODE : '' };
  }
}

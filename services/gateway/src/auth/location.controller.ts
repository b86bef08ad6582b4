import { Controller, Get, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { DEFAULT_AREA_CODE } from '@platform/contracts';
import { isMainlandAddress } from '@platform/nest-common';
import type { FastifyRequest } from 'fastify';

import { Public } from '../common/decorators';

export interface LocationView {
  ip: string;
  /** From the request's address and the bundled IP-location database (loopback and private: true). */
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
    const isMainland = isMainlandAddress(request.ip);
    return { ip: request.ip, isMainland, areaCode: isMainland ? DEFAULT_AREA_CODE : '' };
  }
}

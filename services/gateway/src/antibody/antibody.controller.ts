import { Body, Controller, HttpCode, Inject, Logger, Post, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AntibodyError, predictStructure, type StructurePrediction } from '@platform/antibody';
import { ANTIBODY_STRUCTURE_PATH, DomainError, PERMISSIONS } from '@platform/contracts';
import { PredictStructureBody } from '@platform/contracts/dto';
import type { FastifyRequest } from 'fastify';

import { RequirePermissions } from '../common/decorators';
import { languageOf, stateOf } from '../common/request-context';
import { GATEWAY_ENV, type GatewayEnv } from '../config/env';

/**
 * Structure prediction of the antibody toolkit (issue 7). Everything else the toolkit does runs in the
 * browser; folding needs an external predictor. This route is a stateless pass-through to it: no
 * database, no business state and no transport call, which is why it lives in the gateway rather than
 * in a service behind it.
 */
@ApiTags('antibody')
@Controller()
export class AntibodyController {
  private readonly logger = new Logger(AntibodyController.name);

  constructor(@Inject(GATEWAY_ENV) private readonly env: GatewayEnv) {}

  @Post(ANTIBODY_STRUCTURE_PATH)
  @HttpCode(200)
  @RequirePermissions(PERMISSIONS.wujie.antibody.use)
  async structure(
    @Req() request: FastifyRequest,
    @Body() body: PredictStructureBody,
  ): Promise<StructurePrediction> {
    if (!this.env.STRUCTURE_PREDICTOR_URL) {
      throw new DomainError('antibody.structure_not_configured');
    }
    try {
      return await predictStructure(
        { heavy: body.heavy, light: body.light },
        {
          url: this.env.STRUCTURE_PREDICTOR_URL,
          format: this.env.STRUCTURE_PREDICTOR_FORMAT,
          timeoutMs: this.env.STRUCTURE_PREDICTOR_TIMEOUT_MS,
        },
      );
    } catch (error) {
      if (!(error instanceof AntibodyError)) throw error;
      if (error.code === 'STRUCTURE_PREDICTOR_FAILED') this.logger.warn(error.text.en);
      const lang = stateOf(request).lang ?? languageOf(request);
      throw new DomainError('antibody.toolkit_error', { message: error.text[lang] });
    }
  }
}

import { Body, Controller, HttpCode, Inject, Logger, Post, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  AntibodyError,
  predictStructure,
  type RegionReport,
  type StructurePrediction,
} from '@platform/antibody';
import { modelWithBuiltInTemplates } from '@platform/antibody/node';
import { ANTIBODY_STRUCTURE_PATH, DomainError, PERMISSIONS } from '@platform/contracts';
import { PredictStructureBody } from '@platform/contracts/dto';
import type { FastifyRequest } from 'fastify';

import { RequirePermissions } from '../common/decorators';
import { languageOf, stateOf } from '../common/request-context';
import { GATEWAY_ENV, type GatewayEnv } from '../config/env';

/** What the route answers: the PDB, which predictor made it and, for the built-in model, its regions. */
export interface StructureAnswer extends StructurePrediction {
  predictor: 'external' | 'built-in-template';
  regions?: RegionReport[];
}

/**
 * Structure prediction of the antibody toolkit (issue 7). Everything else the toolkit does runs in the
 * browser. With STRUCTURE_PREDICTOR_URL set, this route is a stateless pass-through to that predictor;
 * without it, the toolkit's built-in template modeller answers (about 50 ms per Fv on one core, the
 * template library read once). No database, no business state and no transport call, which is why it
 * lives in the gateway rather than in a service behind it.
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
  ): Promise<StructureAnswer> {
    try {
      if (!this.env.STRUCTURE_PREDICTOR_URL) return builtInModel(body);
      const prediction = await predictStructure(
        { heavy: body.heavy, light: body.light },
        {
          url: this.env.STRUCTURE_PREDICTOR_URL,
          format: this.env.STRUCTURE_PREDICTOR_FORMAT,
          timeoutMs: this.env.STRUCTURE_PREDICTOR_TIMEOUT_MS,
        },
      );
      return { ...prediction, predictor: 'external' };
    } catch (error) {
      if (!(error instanceof AntibodyError)) throw error;
      if (error.code === 'STRUCTURE_PREDICTOR_FAILED') this.logger.warn(error.text.en);
      const lang = stateOf(request).lang ?? languageOf(request);
      throw new DomainError('antibody.toolkit_error', { message: error.text[lang] });
    }
  }
}

function builtInModel(body: PredictStructureBody): StructureAnswer {
  const model = modelWithBuiltInTemplates({ heavy: body.heavy, light: body.light });
  const atoms = model.pdb.split('\n').filter((line) => line.startsWith('ATOM')).length;
  return { pdb: model.pdb, atoms, predictor: 'built-in-template', regions: model.regions };
}

import { describe, expect, it } from 'vitest';

import { toErrorResponse } from '../common/http-error.filter';
import { loadGatewayEnv } from '../config/env';
import { AntibodyController } from './antibody.controller';

const request = (lang: string) => ({ query: { lang }, headers: {} }) as never;
// Trastuzumab VH and VL (DrugBank DB00072).
const HEAVY =
  'EVQLVESGGGLVQPGGSLRLSCAASGFNIKDTYIHWVRQAPGKGLEWVARIYPTNGYTRYADSVKGRFTISADTSKNTAYLQMNSLRAEDTAVYYCSRWGGDGFYAMDYWGQGTLVTVSS';
const LIGHT =
  'DIQMTQSPSSLSASVGDRVTITCRASQDVNTAVAWYQQKPGKAPKLLIYSASFLYSGVPSRFSGSRSGTDFTLTISSLQPEDFATYYCQQHYTTPPTFGQGTKVEIK';

describe(AntibodyController.name, () => {
  it('should answer with the built-in template model when no predictor URL is set', async () => {
    const sut = new AntibodyController(loadGatewayEnv({}));
    const answer = await sut.structure(request('en'), { heavy: HEAVY, light: LIGHT });
    expect(answer.predictor).toBe('built-in-template');
    expect(answer.pdb).toMatch(/^REMARK 999 BUILT-IN TEMPLATE MODEL/);
    expect(answer.pdb).toMatch(/^ATOM .{16}L 104 /m);
    expect(answer.atoms).toBeGreaterThan(1500);
    expect(answer.regions?.map((r) => `${r.chain}:${r.region}`)).toContain('H:cdr3');
  });

  it("should report the built-in modeller's input error in the request language", async () => {
    const sut = new AntibodyController(loadGatewayEnv({}));
    const failure = await sut
      .structure(request('zh'), { heavy: LIGHT, light: LIGHT })
      .catch((e) => e);
    expect(toErrorResponse(failure, 'zh').body.msg).toMatch(/^结构建模需要一条重链和一条轻链/);
  });

  it('should refuse a predictor URL that is not a URL at start-up', () => {
    expect(() => loadGatewayEnv({ STRUCTURE_PREDICTOR_URL: 'not a url' })).toThrow(
      /STRUCTURE_PREDICTOR_URL/,
    );
  });
});

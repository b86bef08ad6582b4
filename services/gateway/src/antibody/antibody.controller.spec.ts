import { describe, expect, it } from 'vitest';

import { toErrorResponse } from '../common/http-error.filter';
import { loadGatewayEnv } from '../config/env';
import { AntibodyController } from './antibody.controller';

const request = (lang: string) => ({ query: { lang }, headers: {} }) as never;

describe(AntibodyController.name, () => {
  it('should say in both languages that no predictor is configured when the URL is unset', async () => {
    const sut = new AntibodyController(loadGatewayEnv({}));
    const failure = await sut.structure(request('en'), { heavy: 'EVQLVESGG' }).catch((e) => e);
    expect(toErrorResponse(failure, 'en')).toEqual({
      status: 200,
      body: {
        code: 500,
        msg: 'The structure predictor is not configured (STRUCTURE_PREDICTOR_URL), please contact the administrator',
      },
    });
    expect(toErrorResponse(failure, 'zh').body.msg).toBe(
      '未配置结构预测服务（STRUCTURE_PREDICTOR_URL），请联系管理员',
    );
  });

  it('should refuse a predictor URL that is not a URL at start-up', () => {
    expect(() => loadGatewayEnv({ STRUCTURE_PREDICTOR_URL: 'not a url' })).toThrow(
      /STRUCTURE_PREDICTOR_URL/,
    );
  });
});

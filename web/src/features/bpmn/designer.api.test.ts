import { describe, expect, it } from 'vitest';

import { RequestError } from '../../lib/request';
import { errorsOf } from './designer.api';

describe('designer call errors', () => {
  it('should keep the element-named errors of a failed diagram check', () => {
    const body = { code: 500, msg: 'x', data: { errors: [{ field: 'Agent_1', msg: 'bad' }] } };
    expect(errorsOf(new RequestError('x', 500, body))).toEqual([{ field: 'Agent_1', msg: 'bad' }]);
  });

  it('should turn any other answered failure into one error about the whole diagram', () => {
    expect(errorsOf(new RequestError('Key taken', 500, { code: 500 }))).toEqual([
      { field: '', msg: 'Key taken' },
    ]);
  });

  it('should rethrow a failure the server did not answer, for the generic save message', () => {
    expect(() => errorsOf(new Error('offline'))).toThrow('offline');
    expect(() => errorsOf(new RequestError('Network Error', 0))).toThrow('Network Error');
  });
});

import 'reflect-metadata';

import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { describe, expect, it } from 'vitest';

import { ANTIBODY_CHAIN_MAX } from '../antibody/structure';
import { PredictStructureBody } from './antibody.dto';

async function problems(body: object): Promise<Record<string, string[]>> {
  const errors = await validate(plainToInstance(PredictStructureBody, body));
  return Object.fromEntries(errors.map((e) => [e.property, Object.values(e.constraints ?? {})]));
}

describe(PredictStructureBody.name, () => {
  it('should accept a heavy chain, a light chain or both', async () => {
    expect(await problems({ heavy: 'EVQLVESGG' })).toEqual({});
    expect(await problems({ light: 'DIQMTQSPS' })).toEqual({});
    expect(await problems({ heavy: 'EVQLVESGG', light: 'DIQMTQSPS' })).toEqual({});
  });

  it('should require at least one chain, naming both fields with message keys', async () => {
    const found = await problems({});
    expect(Object.keys(found).sort()).toEqual(['heavy', 'light']);
    expect(found.heavy).toContain('validation.required');
  });

  it('should refuse an empty string, a number and a chain over the length limit', async () => {
    expect((await problems({ heavy: '' })).heavy).toContain('validation.required');
    expect((await problems({ light: 42 })).light).toContain('validation.invalid');
    const long = 'A'.repeat(ANTIBODY_CHAIN_MAX + 1);
    expect((await problems({ heavy: 'EVQ', light: long })).light).toContain(
      'validation.max_length',
    );
  });
});

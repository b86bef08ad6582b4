import { describe, expect, it } from 'vitest';

import {
  functionFormErrors,
  type FunctionFormValues,
  onlyErrors,
  parseSampleArguments,
  workflowFormErrors,
  type WorkflowFormValues,
} from './validation';

const workflow: WorkflowFormValues = {
  name: 'Antibody design',
  description: '',
  descriptionEn: '',
  status: '0',
  agentIds: ['1'],
  params: '',
  tags: ['design'],
  price: '',
};

const fn: FunctionFormValues = {
  name: 'add',
  description: '',
  tags: ['math'],
  params: [{ name: 'a', type: 'number', required: true, description: '' }],
  returnType: 'number',
  returnDescription: '',
  code: 'function add(a) { return a; }',
};

const failing = (errors: ReturnType<typeof onlyErrors>) => Object.keys(errors).sort();

describe('workflow form rules', () => {
  it('should accept a named workflow with one agent', () => {
    expect(onlyErrors(workflowFormErrors(workflow))).toEqual({});
  });

  it('should need a name and at least one agent (spec §5)', () => {
    const errors = onlyErrors(workflowFormErrors({ ...workflow, name: '  ', agentIds: [] }));
    expect(failing(errors)).toEqual(['agentIds', 'name']);
  });

  it('should reject a name over 100 characters and a tag over 30', () => {
    const errors = onlyErrors(
      workflowFormErrors({ ...workflow, name: 'x'.repeat(101), tags: ['y'.repeat(31)] }),
    );
    expect(failing(errors)).toEqual(['name', 'tags']);
  });
});

describe('function form rules', () => {
  it('should accept a function with a tag, code and well-named parameters', () => {
    expect(onlyErrors(functionFormErrors(fn))).toEqual({});
  });

  it('should need at least one tag and code (spec §5)', () => {
    const errors = onlyErrors(functionFormErrors({ ...fn, tags: [], code: '   ' }));
    expect(failing(errors)).toEqual(['code', 'tags']);
  });

  it('should need identifier names for the function and its parameters, each used once', () => {
    const errors = onlyErrors(
      functionFormErrors({
        ...fn,
        name: '2fast',
        params: [
          { name: 'a', type: 'number', required: true, description: '' },
          { name: 'a', type: 'string', required: false, description: '' },
          { name: 'bad-name', type: 'string', required: false, description: '' },
        ],
      }),
    );
    expect(failing(errors)).toEqual(['name', 'params.1.name', 'params.2.name']);
  });
});

describe('sample arguments of a test run', () => {
  const params = [
    { name: 's', type: 'string' as const },
    { name: 'n', type: 'number' as const },
    { name: 'i', type: 'integer' as const },
    { name: 'b', type: 'boolean' as const },
    { name: 'o', type: 'object' as const },
    { name: 'x', type: 'any' as const },
  ];

  it('should parse each text by its parameter type', () => {
    const parsed = parseSampleArguments(params, {
      s: ' hello ',
      n: '2.5',
      i: '7',
      b: 'false',
      o: '{"k":[1,2]}',
      x: '"text"',
    });
    expect(parsed.errors).toEqual({});
    expect(parsed.args).toEqual({
      s: ' hello ',
      n: 2.5,
      i: 7,
      b: false,
      o: { k: [1, 2] },
      x: 'text',
    });
  });

  it('should leave empty texts out and report texts that do not fit', () => {
    const parsed = parseSampleArguments(params, { n: 'abc', i: '1.5', b: 'yes', o: '{bad' });
    expect(parsed.args).toEqual({});
    expect(Object.keys(parsed.errors).sort()).toEqual(['b', 'i', 'n', 'o']);
  });
});

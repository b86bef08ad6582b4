import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { dataOf, startWorkflowStack, type WorkflowStack } from '../support';

const ADD = {
  name: 'addNumbers',
  description: '两数相加',
  tags: ['math'],
  params: [
    { name: 'a', type: 'number', required: true, description: 'first' },
    { name: 'b', type: 'number', required: false, description: 'second' },
  ],
  returnType: 'number',
  returnDescription: 'the sum',
  code: 'function addNumbers(a, b) { console.log("adding"); return a + (b ?? 0); }',
};

describe('functions', () => {
  let s: WorkflowStack;

  beforeAll(async () => {
    s = await startWorkflowStack({ FUNCTION_TIMEOUT_MS: '3000', FUNCTION_MEMORY_MB: '16' });
  });
  afterAll(() => s.close());

  it('should create, read, list, update and delete a function', async () => {
    const created = dataOf<{ id: number }>(await s.post('/wujie/functions', ADD));
    expect(dataOf(await s.get(`/wujie/functions/${created.id}`))).toMatchObject({
      ...ADD,
      params: ADD.params,
    });
    const list = await s.get('/wujie/functions/list?tag=math&name=add');
    expect(list.body).toMatchObject({ total: 1, rows: [{ name: 'addNumbers' }] });
    expect(dataOf(await s.get('/wujie/functions/taglist'))).toContain('math');
    expect(dataOf(await s.get('/wujie/functions/listSimple'))).toContainEqual({
      id: created.id,
      name: 'addNumbers',
    });
    const updated = dataOf(
      await s.put('/wujie/functions', {
        id: created.id,
        name: 'addNumbers',
        tags: ['math', 'basic'],
        code: 'function addNumbers(a, b) { return a + b; }',
      }),
    );
    expect(updated).toMatchObject({
      tags: ['math', 'basic'],
      params: ADD.params,
      returnType: 'number',
    });
    expect((await s.del(`/wujie/functions/${created.id}`)).body.code).toBe(200);
    expect((await s.get(`/wujie/functions/${created.id}`)).body).toMatchObject({
      code: 404,
      msg: '函数不存在',
    });
  });

  it('should require a tag and code, a valid name, unique names and unique parameters', async () => {
    const noTag = await s.post('/wujie/functions', { ...ADD, name: 'f1', tags: [] });
    expect(noTag.body.msg).toBe('函数至少需要一个标签');
    const blankTag = await s.post('/wujie/functions', { ...ADD, name: 'f1', tags: ['  '] }, 'en');
    expect(blankTag.body.msg).toBe('A function needs at least one tag');
    const noCode = await s.post('/wujie/functions', { ...ADD, name: 'f1', code: '' });
    expect(noCode.body.data.errors).toContainEqual({ field: 'code', msg: '函数代码不能为空' });
    const badName = await s.post('/wujie/functions', { ...ADD, name: '1abc' });
    expect(badName.status).toBe(400);
    const dupParam = await s.post('/wujie/functions', {
      ...ADD,
      name: 'f2',
      params: [ADD.params[0], ADD.params[0]],
    });
    expect(dupParam.body.msg).toBe('参数名 a 重复');

    dataOf(await s.post('/wujie/functions', { ...ADD, name: 'taken' }));
    const taken = await s.post('/wujie/functions', { ...ADD, name: 'taken' });
    expect(taken.body.msg).toBe('函数名 taken 已存在');
  });

  describe('test runs in the sandbox', () => {
    const run = (body: object, lang: 'zh' | 'en' = 'zh') =>
      s.post('/wujie/functions/run', { ...ADD, ...body }, lang);

    it('should run the code with arguments by parameter name', async () => {
      const outcome = dataOf(await run({ args: { a: 2, b: 40 } }));
      expect(outcome).toMatchObject({
        status: 'success',
        result: 42,
        returnTypeMatches: true,
        logs: ['adding'],
      });
      expect(dataOf(await run({ args: { a: 2 } }))).toMatchObject({ result: 2 });
      const wrongType = dataOf(await run({ returnType: 'string', args: { a: 1 } }));
      expect(wrongType).toMatchObject({ status: 'success', returnTypeMatches: false });
    });

    it('should check arguments against the parameters', async () => {
      expect((await run({ args: {} })).body).toMatchObject({ code: 500, msg: '缺少必填参数 a' });
      expect((await run({ args: { a: 'x' } }, 'en')).body.msg).toBe(
        'The argument a must be of type number',
      );
    });

    it('should report errors, endless loops and memory hogs without harm', async () => {
      const thrown = dataOf(
        await run({ code: 'function addNumbers() { throw new Error("no"); }', args: { a: 1 } }),
      );
      expect(thrown).toMatchObject({ status: 'error', error: 'Error: no' });
      const loop = dataOf(
        await run({ code: 'function addNumbers() { for (;;) {} }', args: { a: 1 } }),
      );
      expect(loop.status).toBe('timeout');
      // Grows by 32 MB at a time: past the 16 MB limit at its first allocation however loaded the
      // machine is (filling it element by element, or 8 MB at a time, outran the time limit when the
      // machine's load was 11 on 2 cores).
      const hog = dataOf(
        await run({
          code: 'function addNumbers() { const a = []; for (;;) a.push(new ArrayBuffer(1 << 25)); }',
          args: { a: 1 },
        }),
      );
      expect(hog.status).toBe('memory');
      const escape = dataOf(
        await run({
          code: 'function addNumbers() { return [typeof require, typeof process, typeof fetch]; }',
          args: { a: 1 },
        }),
      );
      expect(escape).toMatchObject({
        status: 'success',
        result: ['undefined', 'undefined', 'undefined'],
      });
      expect(dataOf(await run({ args: { a: 1, b: 1 } }))).toMatchObject({ result: 2 });
    });

    // Issue 25: the gateway refuses bodies deeper than 64 levels; one at the limit travels whole
    // through the transport to the service and into the sandbox.
    it('should carry a body nested 64 levels deep to the sandbox, and refuse a deeper one at the gateway', async () => {
      const nested = (depth: number): unknown => {
        let value: unknown = 1;
        for (let i = 0; i < depth; i++) value = [value];
        return value;
      };
      const depthOf = {
        params: [{ name: 'a', type: 'array', required: true, description: 'nested arrays' }],
        code: 'function addNumbers(a) { let d = 0; while (Array.isArray(a)) { a = a[0]; d++; } return d; }',
      };
      // The body is {…, args: {a: …}}: two objects around the arrays.
      const atLimit = await run({ ...depthOf, args: { a: nested(62) } });
      expect(dataOf(atLimit)).toMatchObject({ status: 'success', result: 62 });
      const deeper = await run({ ...depthOf, args: { a: nested(63) } }, 'en');
      expect(deeper.status).toBe(400);
      expect(deeper.body).toEqual({
        code: 500,
        msg: 'The request body is nested too deeply (at most 64 levels)',
      });
    });
  });
});

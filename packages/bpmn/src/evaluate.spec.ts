import type { AgentGraph, BranchDescriptor, ValidatorCall } from '@platform/contracts';
import { describe, expect, it } from 'vitest';

import { chooseRoute, evaluateValidator, outputFiles, outputText, routesAfter } from './evaluate';

const call = (name: string, params: string | string[]): ValidatorCall => ({ name, params });

describe('outputText', () => {
  it.each([
    ['a text, trimmed', '  up \n', 'up'],
    ['the result of a JSON object', { result: 'up', other: 1 }, 'up'],
    ['the result of a text holding a JSON object', '{"result":" down "}', 'down'],
    ['a numeric result as written', { result: 0.5 }, '0.5'],
    ['a boolean result as written', { result: false }, 'false'],
    ['a null result as empty', { result: null }, ''],
    ['an object result as JSON', { result: { a: 1 } }, '{"a":1}'],
    ['a JSON object without result as JSON', { a: 1 }, '{"a":1}'],
    ['a text that only looks like JSON as itself', '{not json', '{not json'],
    ['nothing as empty', undefined, ''],
    ['a number', 3, '3'],
  ])('should read %s', (_, output, text) => {
    expect(outputText(output)).toBe(text);
  });
});

describe('outputFiles', () => {
  it('should list names from texts and objects, skipping entries without a name', () => {
    const output = {
      files: [
        'a.pdb',
        { name: 'b.csv' },
        { fileName: 'c.json' },
        { path: 'out/d.fa' },
        { x: 1 },
        7,
      ],
    };
    expect(outputFiles(output)).toEqual(['a.pdb', 'b.csv', 'c.json', 'out/d.fa']);
  });

  it('should find no files in a text or without a files list', () => {
    expect(outputFiles('error.log')).toEqual([]);
    expect(outputFiles({ files: 'error.log' })).toEqual([]);
  });
});

describe('evaluateValidator', () => {
  const json = {
    result: 'humanize',
    target: 'PD-1',
    empty: '',
    blank: '  ',
    none: null,
    zero: 0,
    no: false,
    list: [],
    items: [1],
    obj: {},
    nested: { cdr: { h3: 'ARDY' }, gone: null },
    'dotted.key': 'x',
    files: ['results/model.pdb', { name: 'report.csv' }],
  };

  const table: [ValidatorCall, unknown, boolean][] = [
    // Equals / NotEquals: the text (result of a JSON output), both sides trimmed, case-sensitive
    [call('Equals', 'humanize'), json, true],
    [call('Equals', ' humanize '), json, true],
    [call('Equals', 'Humanize'), json, false],
    [call('Equals', 'up'), 'up\n', true],
    [call('Equals', 'up'), '{"result":"up"}', true],
    [call('Equals', ''), '', true],
    [call('Equals', ''), { result: null }, true],
    [call('Equals', '42'), { result: 42 }, true],
    [call('Equals', 'up'), { status: 'up' }, false],
    [call('NotEquals', 'humanize'), json, false],
    [call('NotEquals', 'predict'), json, true],
    [call('NotEquals', ''), 'something', true],
    // WithIn: the text is one of the entries
    [call('WithIn', ['epitope', 'structure']), { result: 'structure' }, true],
    [call('WithIn', ['epitope', 'structure']), 'humanize', false],
    [call('WithIn', ['', 'x']), '', true],
    [call('WithIn', 'x'), 'x', true],
    // JsonKeyExists: every key, top-level or dotted path; null values exist
    [call('JsonKeyExists', ['target', 'result']), json, true],
    [call('JsonKeyExists', ['target', 'missing']), json, false],
    [call('JsonKeyExists', ['none']), json, true],
    [call('JsonKeyExists', ['nested.cdr.h3']), json, true],
    [call('JsonKeyExists', ['nested.gone']), json, true],
    [call('JsonKeyExists', ['nested.cdr.h1']), json, false],
    [call('JsonKeyExists', ['dotted.key']), json, true],
    [call('JsonKeyExists', ['target']), '{"target":1}', true],
    [call('JsonKeyExists', ['target']), 'target', false],
    [call('JsonKeyExists', ['0']), ['a'], false],
    // JsonKeyNotEmpty: present and not null, blank, [] or {}; 0 and false are values
    [call('JsonKeyNotEmpty', 'target'), json, true],
    [call('JsonKeyNotEmpty', 'empty'), json, false],
    [call('JsonKeyNotEmpty', 'blank'), json, false],
    [call('JsonKeyNotEmpty', 'none'), json, false],
    [call('JsonKeyNotEmpty', 'list'), json, false],
    [call('JsonKeyNotEmpty', 'obj'), json, false],
    [call('JsonKeyNotEmpty', 'missing'), json, false],
    [call('JsonKeyNotEmpty', 'zero'), json, true],
    [call('JsonKeyNotEmpty', 'no'), json, true],
    [call('JsonKeyNotEmpty', 'items'), json, true],
    [call('JsonKeyNotEmpty', 'nested.cdr.h3'), json, true],
    [call('JsonKeyNotEmpty', 'target'), 'PD-1', false],
    // FileNotExist: no listed file has the name (whole or last path segment)
    [call('FileNotExist', 'error.log'), json, true],
    [call('FileNotExist', 'model.pdb'), json, false],
    [call('FileNotExist', 'results/model.pdb'), json, false],
    [call('FileNotExist', 'report.csv'), json, false],
    [call('FileNotExist', 'error.log'), { files: ['logs\\error.log'] }, false],
    [call('FileNotExist', 'error.log'), 'error.log', true],
    [call('FileNotExist', 'error.log'), undefined, true],
    // Unknown validators never pass
    [call('Bogus', 'x'), json, false],
  ];

  const rows = table.map(
    ([v, output, expected], row) => [v.name, v.params, expected, row, output] as const,
  );
  it.each(rows)('should evaluate %s %j as %s (row %i)', (name, params, expected, _row, output) => {
    expect(evaluateValidator({ name, params }, output)).toBe(expected);
  });
});

describe('chooseRoute', () => {
  const branch: BranchDescriptor = {
    nameen: 'Route',
    type: 'Branch',
    branches: [
      { validator: call('Equals', 'humanize'), target_node: 'Task_humanize' },
      { validator: call('WithIn', ['epitope', 'structure']), target_node: ' Task_predict ' },
      { validator: call('JsonKeyExists', ['result']), target_node: 'Task_any' },
    ],
  };

  it('should take the first rule that passes, in order', () => {
    expect(chooseRoute(branch, { result: 'humanize' }, 'Task_report')).toBe('Task_humanize');
    expect(chooseRoute(branch, { result: 'epitope' }, 'Task_report')).toBe('Task_predict');
    expect(chooseRoute(branch, { result: 'other' }, 'Task_report')).toBe('Task_any');
  });

  it('should fall back to the default target when no rule passes', () => {
    expect(chooseRoute(branch, 'other', 'Task_report')).toBe('Task_report');
  });

  it('should give null when no rule passes and there is no default', () => {
    expect(chooseRoute(branch, 'other')).toBeNull();
    expect(chooseRoute({ ...branch, branches: [] }, 'humanize')).toBeNull();
  });
});

describe('routesAfter', () => {
  const branch = (target: string): BranchDescriptor => ({
    nameen: '',
    type: 'Branch',
    branches: [{ validator: call('Equals', 'go'), target_node: target }],
  });
  const graph: AgentGraph = {
    processId: 'p',
    processName: 'p',
    start: ['S'],
    nodes: [
      { id: 'S', kind: 'start', bpmnType: 'bpmn:StartEvent', name: '', next: ['A'] },
      {
        id: 'A',
        kind: 'agent',
        bpmnType: 'bpmn:UserTask',
        name: 'A',
        next: ['Gate-1', 'Gate_2'],
        agent: { nameen: 'A', type: 'Agent', instruction: 'x', output: '', validators: [] },
      },
      {
        id: 'Gate-1',
        kind: 'branch',
        bpmnType: 'bpmn:ExclusiveGateway',
        name: '',
        next: ['B', 'E'],
        branch: branch('B'),
        defaultTarget: 'E',
      },
      {
        id: 'Gate_2',
        kind: 'branch',
        bpmnType: 'bpmn:ExclusiveGateway',
        name: '',
        next: ['B'],
        branch: branch('B'),
      },
    ],
    flows: [],
  };

  it('should set one route variable per branch gateway after the node', () => {
    expect(routesAfter(graph, 'A', 'go')).toEqual({
      variables: { route_Gate_1: 'B', route_Gate_2: 'B' },
      unrouted: [],
    });
  });

  it('should name the gateways where nothing was chosen', () => {
    expect(routesAfter(graph, 'A', 'stop')).toEqual({
      variables: { route_Gate_1: 'E' },
      unrouted: ['Gate_2'],
    });
  });

  it('should set nothing after a node that leads to no branch', () => {
    expect(routesAfter(graph, 'S', 'go')).toEqual({ variables: {}, unrouted: [] });
  });
});

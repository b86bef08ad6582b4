import { describe, expect, it } from 'vitest';

import {
  decodeAgentDescriptor,
  decodeBranchDescriptor,
  emptyAgentDescriptor,
  emptyBranchDescriptor,
  encodeAgentDescriptor,
  encodeBranchDescriptor,
} from './descriptors';
import { describeProblem } from './problems';

describe('agent descriptor codec', () => {
  it('should round-trip a descriptor with fields in a fixed order', () => {
    const descriptor = {
      validators: [{ params: ['a', 'b'], name: 'WithIn' }],
      output: 'out.json',
      instruction: 'Number the chains',
      type: 'Agent',
      nameen: 'Numbering',
    };
    const text = encodeAgentDescriptor(descriptor);
    expect(text).toBe(
      '{"nameen":"Numbering","type":"Agent","instruction":"Number the chains","output":"out.json","validators":[{"name":"WithIn","params":["a","b"]}]}',
    );
    const decoded = decodeAgentDescriptor(text, 'Task_1');
    expect(decoded).toEqual({ value: descriptor, present: true, problems: [] });
  });

  it('should fill defaults: type Agent, empty output and no validators', () => {
    const decoded = decodeAgentDescriptor('{"nameen":"Plan","instruction":"Plan it"}', 'T');
    expect(decoded.value).toEqual({
      nameen: 'Plan',
      type: 'Agent',
      instruction: 'Plan it',
      output: '',
      validators: [],
    });
    expect(decoded.problems).toEqual([]);
  });

  it('should keep keys it does not know', () => {
    const text = '{"nameen":"A","instruction":"x","model":"qwen"}';
    const decoded = decodeAgentDescriptor(text, 'T');
    expect(JSON.parse(encodeAgentDescriptor(decoded.value))).toMatchObject({ model: 'qwen' });
  });

  it('should say that empty documentation is no descriptor', () => {
    expect(decodeAgentDescriptor('  ', 'T')).toEqual({
      value: emptyAgentDescriptor(),
      present: false,
      problems: [],
    });
  });

  it.each([
    ['not json', ['bpmn.descriptor_json']],
    ['[1,2]', ['bpmn.descriptor_json']],
    ['{"instruction":""}', ['bpmn.instruction_required']],
    ['{"instruction":"x","type":"Robot"}', ['bpmn.type_invalid']],
    ['{"instruction":"x","nameen":5}', ['bpmn.descriptor_field']],
    ['{"instruction":"x","validators":{}}', ['bpmn.descriptor_field']],
    ['{"instruction":"x","validators":["Equals"]}', ['bpmn.descriptor_field']],
    ['{"instruction":"x","validators":[{"name":"Nope","params":""}]}', ['bpmn.validator_unknown']],
    ['{"type":"Human"}', []],
  ])('should report %s', (text, keys) => {
    const decoded = decodeAgentDescriptor(text, 'Task_9');
    expect(decoded.problems.map((p) => p.key)).toEqual(keys);
    for (const p of decoded.problems) expect(p.elementId).toBe('Task_9');
  });

  it('should name the element in both languages', () => {
    const [p] = decodeAgentDescriptor('{"instruction":""}', 'Task_9').problems;
    expect(describeProblem(p, 'zh')).toBe('智能体节点 Task_9 的指令不能为空');
    expect(describeProblem(p, 'en')).toBe('Agent node Task_9: the instruction cannot be empty');
  });
});

describe('branch descriptor codec', () => {
  it('should round-trip branches with validator and target_node', () => {
    const descriptor = {
      nameen: 'Route',
      type: 'Branch',
      branches: [
        { validator: { name: 'Equals', params: 'yes' }, target_node: 'Task_a' },
        { validator: { name: 'JsonKeyExists', params: ['k1', 'k2'] }, target_node: 'Task_b' },
      ],
    };
    const text = encodeBranchDescriptor(descriptor);
    expect(text.startsWith('{"nameen":"Route","type":"Branch","branches":[{"validator"')).toBe(
      true,
    );
    expect(decodeBranchDescriptor(text, 'G')).toEqual({
      value: descriptor,
      present: true,
      problems: [],
    });
  });

  it('should default the type to Branch and the branches to none', () => {
    expect(decodeBranchDescriptor('{"nameen":"R"}', 'G').value).toEqual({
      ...emptyBranchDescriptor(),
      nameen: 'R',
    });
  });

  it.each([
    ['{"branches":"x"}', ['bpmn.descriptor_field']],
    ['{"branches":[5]}', ['bpmn.descriptor_field']],
    ['{"branches":[{"target_node":"T"}]}', ['bpmn.descriptor_field']],
    [
      '{"branches":[{"validator":{"name":"Equals","params":"a"},"target_node":3}]}',
      ['bpmn.descriptor_field'],
    ],
    [
      '{"branches":[{"validator":{"name":"WithIn","params":[]},"target_node":"T"}]}',
      ['bpmn.validator_param_list'],
    ],
  ])('should report %s', (text, keys) => {
    expect(decodeBranchDescriptor(text, 'G').problems.map((p) => p.key)).toEqual(keys);
  });
});

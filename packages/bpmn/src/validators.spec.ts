import { describe, expect, it } from 'vitest';

import {
  addValidatorParam,
  canRemoveValidatorParam,
  newValidatorCall,
  readValidatorCall,
  removeValidatorParam,
  renameValidatorCall,
  setValidatorParam,
  VALIDATOR_NAMES,
  validatorCallProblems,
} from './validators';

describe('validator definitions', () => {
  it('should know the six validators of dictionary workflow_val_type', () => {
    expect(VALIDATOR_NAMES).toEqual([
      'Equals',
      'NotEquals',
      'FileNotExist',
      'JsonKeyNotEmpty',
      'WithIn',
      'JsonKeyExists',
    ]);
  });

  it.each(['Equals', 'NotEquals', 'FileNotExist', 'JsonKeyNotEmpty'])(
    'should give %s one text parameter',
    (name) => {
      expect(newValidatorCall(name)).toEqual({ name, params: '' });
    },
  );

  it.each(['WithIn', 'JsonKeyExists'])('should start %s with one empty list entry', (name) => {
    expect(newValidatorCall(name)).toEqual({ name, params: [''] });
  });
});

describe('list parameters', () => {
  it('should remove an entry only while more than one remains', () => {
    const one = newValidatorCall('WithIn');
    expect(canRemoveValidatorParam(one)).toBe(false);
    expect(removeValidatorParam(one, 0)).toBe(one);

    const two = setValidatorParam(addValidatorParam(setValidatorParam(one, 'a')), 'b', 1);
    expect(two.params).toEqual(['a', 'b']);
    expect(canRemoveValidatorParam(two)).toBe(true);
    expect(removeValidatorParam(two, 0).params).toEqual(['b']);
  });

  it('should not add list entries to a text validator', () => {
    const call = newValidatorCall('Equals');
    expect(addValidatorParam(call)).toBe(call);
    expect(canRemoveValidatorParam(call)).toBe(false);
  });

  it('should keep the first value when switching between text and list validators', () => {
    const list = renameValidatorCall({ name: 'Equals', params: 'ok' }, 'WithIn');
    expect(list).toEqual({ name: 'WithIn', params: ['ok'] });
    expect(renameValidatorCall({ name: 'WithIn', params: ['a', 'b'] }, 'NotEquals')).toEqual({
      name: 'NotEquals',
      params: 'a',
    });
  });
});

describe('reading and checking calls', () => {
  it('should read a one-entry list of a text validator and a text of a list validator', () => {
    expect(readValidatorCall({ name: 'Equals', params: ['x'] })).toEqual({
      name: 'Equals',
      params: 'x',
    });
    expect(readValidatorCall({ name: 'JsonKeyExists', params: 'k' })).toEqual({
      name: 'JsonKeyExists',
      params: ['k'],
    });
    expect(readValidatorCall({ name: 'WithIn' })).toEqual({ name: 'WithIn', params: [''] });
  });

  it('should refuse values that are not calls', () => {
    for (const raw of [null, 'Equals', [], { params: 'x' }, { name: 3 }]) {
      expect(readValidatorCall(raw)).toBeNull();
    }
  });

  it.each([
    [{ name: 'Equals', params: '' }, []],
    [{ name: 'Equals', params: ['a', 'b'] }, ['bpmn.validator_param_text']],
    [{ name: 'FileNotExist', params: ' ' }, ['bpmn.validator_param_empty']],
    [{ name: 'JsonKeyNotEmpty', params: 'data.result' }, []],
    [{ name: 'WithIn', params: ['a', ''] }, []],
    [{ name: 'WithIn', params: [] }, ['bpmn.validator_param_list']],
    [{ name: 'WithIn', params: [1] as unknown as string[] }, ['bpmn.validator_param_list']],
    [{ name: 'JsonKeyExists', params: ['a', ''] }, ['bpmn.validator_param_empty']],
    [{ name: 'Bigger', params: '1' }, ['bpmn.validator_unknown']],
  ])('should check %j', (call, keys) => {
    const problems = validatorCallProblems(call, 'Task_1');
    expect(problems.map((p) => p.key)).toEqual(keys);
    for (const p of problems) expect(p.params).toMatchObject({ id: 'Task_1', name: call.name });
  });
});

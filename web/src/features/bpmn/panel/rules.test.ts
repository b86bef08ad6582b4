import { describe, expect, it } from 'vitest';

import { type ElementKind, visibleGroups } from './groups';
import {
  emptyListenerForm,
  fieldProblems,
  flowTypeChange,
  flowTypeOf,
  isIdTaken,
  type ListenerForm,
  listenerProblems,
  listenerTypeOf,
  loopTypeOf,
  scriptTypeOf,
  withAsync,
} from './rules';

const form = (patch: Partial<ListenerForm>): ListenerForm => ({ ...emptyListenerForm(), ...patch });

describe('listener form rules', () => {
  it('should require the event and the listener type', () => {
    expect(listenerProblems(emptyListenerForm(), false)).toEqual([
      'event_required',
      'type_required',
    ]);
  });

  it('should require the value of the chosen type', () => {
    expect(listenerProblems(form({ event: 'start', listenerType: 'class' }), false)).toEqual([
      'class_required',
    ]);
    expect(
      listenerProblems(form({ event: 'start', listenerType: 'class', class: 'a.B' }), false),
    ).toEqual([]);
  });

  it('should require format, type and content or resource of a script', () => {
    const script = form({ event: 'end', listenerType: 'script' });
    expect(listenerProblems(script, false)).toEqual([
      'script_format_required',
      'script_type_required',
    ]);
    expect(
      listenerProblems({ ...script, scriptFormat: 'groovy', scriptType: 'inline' }, false),
    ).toEqual(['script_value_required']);
    expect(
      listenerProblems({ ...script, scriptFormat: 'groovy', scriptType: 'external' }, false),
    ).toEqual(['script_resource_required']);
  });

  it('should require the id of a task listener and the timer of a timeout with a timer type', () => {
    const timeout = form({ event: 'timeout', listenerType: 'expression', expression: '${x}' });
    expect(listenerProblems(timeout, true)).toEqual(['id_required']);
    expect(
      listenerProblems({ ...timeout, id: 'late', eventDefinitionType: 'duration' }, true),
    ).toEqual(['timer_required']);
    expect(listenerProblems({ ...timeout, id: 'late', eventDefinitionType: 'null' }, true)).toEqual(
      [],
    );
  });

  it('should require name, type and string or expression of a listener field', () => {
    expect(fieldProblems({ name: '', fieldType: '', string: '', expression: '' })).toEqual([
      'name_required',
      'type_required',
    ]);
    expect(fieldProblems({ name: 'a', fieldType: 'string', string: '', expression: '' })).toEqual([
      'string_required',
    ]);
    expect(
      fieldProblems({ name: 'a', fieldType: 'expression', string: '', expression: '${b}' }),
    ).toEqual([]);
  });

  it('should derive the listener type and the script type from what is present', () => {
    expect(listenerTypeOf({ class: 'a.B' })).toBe('class');
    expect(listenerTypeOf({ delegateExpression: '${d}' })).toBe('delegateExpression');
    expect(listenerTypeOf({ script: {} })).toBe('script');
    expect(listenerTypeOf({})).toBe('');
    expect(scriptTypeOf({ value: 'x' })).toBe('inline');
    expect(scriptTypeOf({ resource: 'a.groovy' })).toBe('external');
  });
});

describe('designer transitions', () => {
  it('should reset exclusive when neither async flag is set', () => {
    const on = { asyncBefore: true, asyncAfter: false, exclusive: true };
    expect(withAsync(on, { asyncAfter: true })).toEqual({ ...on, asyncAfter: true });
    expect(withAsync(on, { asyncBefore: false })).toEqual({
      asyncBefore: false,
      asyncAfter: false,
      exclusive: false,
    });
  });

  it('should read the loop type', () => {
    expect(loopTypeOf(undefined)).toBe('null');
    expect(loopTypeOf({ $type: 'bpmn:StandardLoopCharacteristics' })).toBe('standard');
    expect(loopTypeOf({ $type: 'bpmn:MultiInstanceLoopCharacteristics', isSequential: true })).toBe(
      'sequential',
    );
    expect(loopTypeOf({ $type: 'bpmn:MultiInstanceLoopCharacteristics' })).toBe('parallel');
  });

  it('should read the flow type and say what a change of it does to the source default', () => {
    const source: { default?: { id: string } } = {};
    const flow = { id: 'F1', sourceRef: source };
    expect(flowTypeOf(flow)).toBe('normal');
    source.default = { id: 'F1' };
    expect(flowTypeOf(flow)).toBe('default');
    expect(flowTypeOf({ ...flow, conditionExpression: {} })).toBe('condition');
    expect(flowTypeChange('default', false)).toEqual({ condition: 'clear', sourceDefault: 'set' });
    expect(flowTypeChange('normal', true)).toEqual({ condition: 'clear', sourceDefault: 'clear' });
    expect(flowTypeChange('normal', false)).toEqual({ condition: 'clear', sourceDefault: 'keep' });
    expect(flowTypeChange('condition', false)).toEqual({
      condition: 'create',
      sourceDefault: 'keep',
    });
  });

  it('should find a taken message or signal id', () => {
    const existing = [{ id: 'Message_a' }, { id: 'Message_b' }];
    expect(isIdTaken(existing, 'Message_a')).toBe(true);
    expect(isIdTaken(existing, 'Message_c')).toBe(false);
    expect(isIdTaken(existing, 'Message_a', 'Message_a')).toBe(false);
  });
});

describe('panel groups', () => {
  const kind = (type: string, extra: Partial<ElementKind> = {}): ElementKind => ({
    type,
    isActivity: false,
    ...extra,
  });

  it('should show task config, task listeners, form and the agent editor for a user task', () => {
    expect(visibleGroups(kind('bpmn:UserTask', { isActivity: true }))).toEqual([
      'base',
      'agent',
      'documentation',
      'task',
      'multiInstance',
      'executionListeners',
      'taskListeners',
      'extensions',
      'form',
    ]);
  });

  it('should show the branch editor on exclusive gateways and messages on the process', () => {
    expect(visibleGroups(kind('bpmn:ExclusiveGateway'))).toContain('branch');
    expect(visibleGroups(kind('bpmn:Process'))).toContain('messages');
    expect(visibleGroups(kind('bpmn:ServiceTask', { isActivity: true }))).not.toContain('task');
    expect(visibleGroups(kind('bpmn:StartEvent'))).toContain('form');
  });

  it('should show the flow condition unless the flow leaves a start event', () => {
    const flow = (sourceType: string) => kind('bpmn:SequenceFlow', { sourceType });
    expect(visibleGroups(flow('bpmn:ExclusiveGateway'))).toContain('condition');
    expect(visibleGroups(flow('bpmn:StartEvent'))).not.toContain('condition');
  });
});

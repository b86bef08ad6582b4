import { describe, expect, it } from 'vitest';

import { computeMarkers, flagsOfAttributes, isSet, isShowable, markerOf } from './markers';

describe('viewer markers', () => {
  it('should read flags given as booleans, numbers and strings', () => {
    expect([true, 1, 'true', '1', ' TRUE '].map(isSet)).toEqual([true, true, true, true, true]);
    expect([false, 0, 'false', '', undefined, null, 'no'].map(isSet)).toEqual(Array(7).fill(false));
  });

  it('should mark todo for an activity, highlight for an end and reject for an error', () => {
    expect(markerOf({ activity: true })).toBe('todo');
    expect(markerOf({ isend: 'true' })).toBe('highlight');
    expect(markerOf({ iserror: 1 })).toBe('reject');
    expect(markerOf({})).toBeNull();
  });

  it('should let an error outrank an end and an end outrank an activity', () => {
    expect(markerOf({ activity: true, isend: true, iserror: true })).toBe('reject');
    expect(markerOf({ activity: true, isend: true })).toBe('highlight');
  });

  it('should read flag attributes with or without a namespace prefix', () => {
    expect(flagsOfAttributes({ 'camunda:isend': 'true', activity: 'false', other: 'x' })).toEqual({
      isend: 'true',
      activity: 'false',
    });
  });

  it('should combine element attributes with activity data, the data winning', () => {
    const elements = [
      { id: 'Task_A', attrs: { isend: 'true' } },
      { id: 'Task_B' },
      { id: 'Gateway_1', attrs: { activity: 'true' } },
      { id: 'Task_C' },
    ];
    const markers = computeMarkers(elements, [
      { key: 'Task_B', activity: true },
      { id: 'Task_C', iserror: 'true' },
      { key: 'Gateway_1' },
      { key: 'Unknown', isend: true },
    ]);
    expect(Object.fromEntries(markers)).toEqual({
      Task_A: 'highlight',
      Task_B: 'todo',
      Task_C: 'reject',
    });
  });

  it('should answer clicks only on user tasks and exclusive gateways', () => {
    expect(isShowable('bpmn:UserTask')).toBe(true);
    expect(isShowable('bpmn:ExclusiveGateway')).toBe(true);
    expect(isShowable('bpmn:ServiceTask')).toBe(false);
    expect(isShowable('bpmn:SequenceFlow')).toBe(false);
  });
});

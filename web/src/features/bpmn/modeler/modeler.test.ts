import { describe, expect, it } from 'vitest';

import { blankDiagram } from './blankDiagram';
import { canCopyOnto, hostOf, type ModdleLike } from './copyRules';
import { labelOf } from './languageLabels';
import { canZoom, steppedZoom } from './zoom';

const HIERARCHY: Record<string, string[]> = {
  'bpmn:UserTask': ['bpmn:Activity'],
  'bpmn:SubProcess': ['bpmn:Activity'],
  'bpmn:StartEvent': ['bpmn:Event'],
  'bpmn:BoundaryEvent': ['bpmn:Event'],
  'bpmn:IntermediateCatchEvent': ['bpmn:Event'],
  'bpmn:IntermediateThrowEvent': ['bpmn:Event'],
  'bpmn:EndEvent': ['bpmn:Event'],
};

function element(type: string, definitions: string[] = [], parent?: ModdleLike): ModdleLike {
  return {
    $type: type,
    $parent: parent,
    $instanceOf: (other) => other === type || (HIERARCHY[type] ?? []).includes(other),
    eventDefinitions: definitions.map((d) => element(d)),
  };
}

describe('designer zoom', () => {
  it('should step by 0.1 between 0.2 and 4 and throw outside', () => {
    expect(steppedZoom(1, 1)).toBe(1.1);
    expect(steppedZoom(0.30000000000000004, -1)).toBe(0.2);
    expect(steppedZoom(3.9, 1)).toBe(4);
    expect(() => steppedZoom(0.2, -1)).toThrow(RangeError);
    expect(() => steppedZoom(4, 1)).toThrow(RangeError);
    expect(canZoom(4, 1)).toBe(false);
    expect(canZoom(4, -1)).toBe(true);
  });
});

describe('copy rules of Camunda properties', () => {
  const retry = 'camunda:FailedJobRetryTimeCycle';

  it('should copy a retry cycle onto timer or signal catch events, activities and loops only', () => {
    expect(canCopyOnto(retry, element('bpmn:StartEvent', ['bpmn:TimerEventDefinition']))).toBe(
      true,
    );
    expect(canCopyOnto(retry, element('bpmn:BoundaryEvent', ['bpmn:SignalEventDefinition']))).toBe(
      true,
    );
    expect(canCopyOnto(retry, element('bpmn:StartEvent', ['bpmn:MessageEventDefinition']))).toBe(
      false,
    );
    expect(canCopyOnto(retry, element('bpmn:EndEvent', ['bpmn:TimerEventDefinition']))).toBe(false);
    expect(canCopyOnto(retry, element('bpmn:UserTask'))).toBe(true);
    expect(canCopyOnto(retry, element('bpmn:MultiInstanceLoopCharacteristics'))).toBe(true);
  });

  it('should copy connectors and fields onto message end or throw events only', () => {
    for (const type of ['camunda:Connector', 'camunda:Field']) {
      expect(canCopyOnto(type, element('bpmn:EndEvent', ['bpmn:MessageEventDefinition']))).toBe(
        true,
      );
      expect(
        canCopyOnto(type, element('bpmn:IntermediateThrowEvent', ['bpmn:MessageEventDefinition'])),
      ).toBe(true);
      expect(canCopyOnto(type, element('bpmn:EndEvent'))).toBe(false);
      expect(canCopyOnto(type, element('bpmn:StartEvent', ['bpmn:MessageEventDefinition']))).toBe(
        false,
      );
    }
  });

  it('should judge a pasted event by its source when its definitions are not copied yet', () => {
    const pasted = element('bpmn:StartEvent');
    const source = element('bpmn:StartEvent', ['bpmn:TimerEventDefinition']);
    expect(canCopyOnto(retry, pasted)).toBe(false);
    expect(canCopyOnto(retry, pasted, source)).toBe(true);
  });

  it('should find the host through extension elements', () => {
    const task = element('bpmn:UserTask');
    const extensions = element('bpmn:ExtensionElements', [], task);
    expect(hostOf(extensions)).toBe(task);
  });
});

describe('labels and new diagrams', () => {
  it('should label agents and branches with nameen in English only', () => {
    const task = {
      $type: 'bpmn:UserTask',
      name: '计划',
      documentation: [{ text: '{"nameen":"Plan","instruction":"x"}' }],
    };
    expect(labelOf(task, 'en')).toBe('Plan');
    expect(labelOf(task, 'zh')).toBe('计划');
    expect(labelOf({ ...task, documentation: [] }, 'en')).toBe('计划');
    expect(labelOf({ ...task, $type: 'bpmn:ServiceTask' }, 'en')).toBe('计划');
  });

  it('should make a new diagram with an executable process and a start event', () => {
    const xml = blankDiagram('zh', { id: 'Process_1', name: 'A & B' });
    const doc = new DOMParser().parseFromString(xml, 'application/xml');
    const process = doc.getElementsByTagNameNS('*', 'process')[0];
    expect(process.getAttribute('id')).toBe('Process_1');
    expect(process.getAttribute('name')).toBe('A & B');
    expect(process.getAttribute('isExecutable')).toBe('true');
    expect(doc.getElementsByTagNameNS('*', 'startEvent')).toHaveLength(1);
    expect(blankDiagram('zh')).toMatch(/name="业务流程_\d+"/);
  });
});

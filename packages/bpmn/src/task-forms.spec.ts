import { describe, expect, it } from 'vitest';

import { bpmFormIdOf, userTaskFormKeys } from './task-forms';

const XML = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="d" targetNamespace="t">
  <bpmn:process id="p" isExecutable="true">
    <bpmn:startEvent id="start" camunda:formKey="bpm-form:1" />
    <bpmn:userTask id="head" />
    <bpmn:userTask id="hr" camunda:formKey="bpm-form:12" />
    <bpmn:subProcess id="sub">
      <bpmn:userTask id="inner" camunda:formKey="embedded:app:forms/x.html" />
    </bpmn:subProcess>
  </bpmn:process>
</bpmn:definitions>`;

describe('user task forms', () => {
  it("should read the user tasks' form keys, sub-processes included, and no start event's", async () => {
    expect(await userTaskFormKeys(XML)).toEqual({
      hr: 'bpm-form:12',
      inner: 'embedded:app:forms/x.html',
    });
    expect(await userTaskFormKeys('<not-bpmn')).toEqual({});
  });

  it('should name a platform form only by bpm-form:<id>', () => {
    expect(bpmFormIdOf('bpm-form:12')).toBe(12);
    expect(bpmFormIdOf('embedded:app:forms/x.html')).toBeNull();
    expect(bpmFormIdOf('bpm-form:abc')).toBeNull();
    expect(bpmFormIdOf('bpm-form:0')).toBeNull();
    expect(bpmFormIdOf(null)).toBeNull();
  });
});

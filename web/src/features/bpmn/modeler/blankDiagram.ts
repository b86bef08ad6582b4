import { defaultProcessIdentity, escapeXml } from '@platform/bpmn';
import type { Language } from '@platform/contracts';

// A new diagram: one executable process with a start event, ids and names from the current time
// (spec §9), in the Camunda namespace.

export function blankDiagram(
  lang: Language,
  identity: { id: string; name: string } = defaultProcessIdentity(lang),
): string {
  const id = escapeXml(identity.id);
  const name = escapeXml(identity.name);
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn2:definitions xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:bpmn2="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="diagram_${id}" targetNamespace="http://bpmn.io/schema/bpmn">
  <bpmn2:process id="${id}" name="${name}" isExecutable="true">
    <bpmn2:startEvent id="StartEvent_1" />
  </bpmn2:process>
  <bpmndi:BPMNDiagram id="BPMNDiagram_1">
    <bpmndi:BPMNPlane id="BPMNPlane_1" bpmnElement="${id}">
      <bpmndi:BPMNShape id="StartEvent_1_di" bpmnElement="StartEvent_1">
        <dc:Bounds x="180" y="160" width="36" height="36" />
      </bpmndi:BPMNShape>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn2:definitions>
`;
}

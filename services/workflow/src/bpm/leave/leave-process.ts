/** The seeded leave example's process key (RuoYi-Vue-Pro's OA leave, issue 29). */
export const LEAVE_PROCESS_KEY = 'oa_leave';

/** The HR work group the seed creates; its members approve leaves of more than three days. */
export const LEAVE_HR_GROUP = '人事 HR';

/** The HR step's own form (its user task's camunda:formKey names it): a remark for the file. */
export const LEAVE_HR_FORM_NAME = '请假人事备注 Leave HR remark';

export const LEAVE_HR_FORM_SCHEMA = {
  type: 'default',
  id: 'LeaveHrForm',
  schemaVersion: 18,
  components: [
    {
      type: 'textarea',
      id: 'Field_hrRemark',
      key: 'hrRemark',
      label: '人事备注',
      properties: { labelEn: 'HR remark' },
    },
  ],
};

/** The leave diagram with the HR task filled through the form of that id. */
export function withLeaveHrForm(xml: string, formId: number): string {
  return xml.replace(
    '<bpmn:userTask id="hr" name="人事审批 HR" />',
    `<bpmn:userTask id="hr" name="人事审批 HR" camunda:formKey="bpm-form:${formId}" />`,
  );
}

/**
 * The leave request: the head of the applicant's department approves (rule: script
 * starterDeptLeader), then, for more than three days, a member of the HR work group (rule: user
 * group). Nobody is named in the diagram; its only expression is the gateway's condition, in the
 * engine gate's grammar. Names are bilingual: zh then en.
 */
export const LEAVE_PROCESS_XML = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" xmlns:di="http://www.omg.org/spec/DD/20100524/DI" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" id="Definitions_oa_leave" targetNamespace="http://bpmn.io/schema/bpmn">
  <bpmn:process id="${LEAVE_PROCESS_KEY}" name="请假申请 Leave request" isExecutable="true" camunda:historyTimeToLive="P180D">
    <bpmn:startEvent id="start" name="提交申请 Submitted" />
    <bpmn:sequenceFlow id="toHead" sourceRef="start" targetRef="deptLeader" />
    <bpmn:userTask id="deptLeader" name="部门负责人审批 Department head" />
    <bpmn:sequenceFlow id="toLength" sourceRef="deptLeader" targetRef="length" />
    <bpmn:exclusiveGateway id="length" name="超过三天? More than three days?" default="short" />
    <bpmn:sequenceFlow id="long" name="是 Yes" sourceRef="length" targetRef="hr">
      <bpmn:conditionExpression xsi:type="bpmn:tFormalExpression">\${days &gt; 3}</bpmn:conditionExpression>
    </bpmn:sequenceFlow>
    <bpmn:sequenceFlow id="short" name="否 No" sourceRef="length" targetRef="end" />
    <bpmn:userTask id="hr" name="人事审批 HR" />
    <bpmn:sequenceFlow id="toEnd" sourceRef="hr" targetRef="end" />
    <bpmn:endEvent id="end" name="结束 Done" />
  </bpmn:process>
  <bpmndi:BPMNDiagram id="Diagram_oa_leave">
    <bpmndi:BPMNPlane id="Plane_oa_leave" bpmnElement="${LEAVE_PROCESS_KEY}">
      <bpmndi:BPMNShape id="start_di" bpmnElement="start"><dc:Bounds x="152" y="142" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="deptLeader_di" bpmnElement="deptLeader"><dc:Bounds x="240" y="120" width="120" height="80" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="length_di" bpmnElement="length" isMarkerVisible="true"><dc:Bounds x="415" y="135" width="50" height="50" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="hr_di" bpmnElement="hr"><dc:Bounds x="520" y="240" width="120" height="80" /></bpmndi:BPMNShape>
      <bpmndi:BPMNShape id="end_di" bpmnElement="end"><dc:Bounds x="702" y="142" width="36" height="36" /></bpmndi:BPMNShape>
      <bpmndi:BPMNEdge id="toHead_di" bpmnElement="toHead"><di:waypoint x="188" y="160" /><di:waypoint x="240" y="160" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="toLength_di" bpmnElement="toLength"><di:waypoint x="360" y="160" /><di:waypoint x="415" y="160" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="long_di" bpmnElement="long"><di:waypoint x="440" y="185" /><di:waypoint x="440" y="280" /><di:waypoint x="520" y="280" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="short_di" bpmnElement="short"><di:waypoint x="465" y="160" /><di:waypoint x="702" y="160" /></bpmndi:BPMNEdge>
      <bpmndi:BPMNEdge id="toEnd_di" bpmnElement="toEnd"><di:waypoint x="640" y="280" /><di:waypoint x="720" y="280" /><di:waypoint x="720" y="178" /></bpmndi:BPMNEdge>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>
`;

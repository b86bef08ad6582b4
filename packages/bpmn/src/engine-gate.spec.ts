import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { AGENT_TOPIC } from '@platform/contracts';
import { describe, expect, it } from 'vitest';

import { buildBpmnXml } from './build';
import { compileWorkflow, routeCondition } from './compile';
import { checkEngineExpression, checkEngineGate } from './engine-gate';
import { describeProblem, type DiagramProblem } from './problems';

// The engine gate (issue 25): the expression grammar, and the allow-list over the shared unsafe
// fixtures (packages/engine/test/fixtures/unsafe, also run against Operaton).

const FIXTURES = join(__dirname, '../../engine/test/fixtures/unsafe');
const fixture = (name: string) => readFileSync(join(FIXTURES, `${name}.bpmn`), 'utf8');

/** A process of one user task, `attributes` written on the task, `inside` within it. */
function withTask(attributes: string, inside = ''): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" xmlns:operaton="http://operaton.org/schema/1.0/bpmn" id="D" targetNamespace="t">
  <bpmn:process id="p" isExecutable="true">
    <bpmn:startEvent id="s" />
    <bpmn:sequenceFlow id="f1" sourceRef="s" targetRef="t1" />
    <bpmn:userTask id="t1" name="Review" ${attributes}>${inside}</bpmn:userTask>
    <bpmn:sequenceFlow id="f2" sourceRef="t1" targetRef="e" />
    <bpmn:endEvent id="e" />
  </bpmn:process>
</bpmn:definitions>`;
}

/** The problems as en + zh sentences, to show they name the element and the attribute. */
function sentences(problems: DiagramProblem[]): string[] {
  return problems.map((p) => `${describeProblem(p, 'en')} | ${describeProblem(p, 'zh')}`);
}

describe('engine expression grammar', () => {
  it.each([
    '${days > 3}',
    "${route_x == 'a\\'b'}",
    '${a && !b}',
    '${(a || b) and not c}',
    '${x eq "y" && n ge 2.5}',
    '${empty list}',
    '${flag == true || other != null}',
    '${-1 < n}',
    '  ${ok}  ',
    routeCondition('Gateway_1', "it's"),
  ])('should accept %s', (text) => {
    expect(checkEngineExpression(text)).toBeNull();
  });

  it.each([
    ["${''.getClass()}", '.'],
    ['${x.y()}', '.'],
    ['${a.b}', '.'],
    ['${a[0]}', '['],
    ['#{bean}', '#{'],
    ['${T(java.lang.Runtime)}', '.'],
    ['${T(x)}', '('],
    ['${run()}', '('],
    ['${execution}', 'execution'],
    ['${task == null}', 'task'],
    ['${a ? b : c}', '?'],
    ['${a + 1}', '+'],
    ['${a} ${b}', '${b}'],
    ['text ${a}', 'te'],
    ['${a', 'end'],
    ['${}', '}'],
    ['days > 3', 'da'],
  ])('should refuse %s at %s', (text, token) => {
    expect(checkEngineExpression(text)).toMatchObject({ token });
  });
});

describe('engine gate', () => {
  it('should pass the safe fixture', async () => {
    expect(await checkEngineGate(fixture('safe-condition'))).toEqual([]);
  });

  it.each(
    readdirSync(FIXTURES)
      .filter((file) => file.endsWith('.bpmn') && !file.startsWith('safe-'))
      .map((file) => file.replace('.bpmn', '')),
  )('should refuse the fixture %s, naming the element in zh and en', async (name) => {
    const problems = await checkEngineGate(fixture(name));
    expect(problems.length).toBeGreaterThan(0);
    for (const p of problems) {
      expect(p.elementId).not.toBe('');
      const zh = describeProblem(p, 'zh');
      expect(zh).toMatch(/[\u4e00-\u9fff]/);
      expect(zh).toContain(p.elementId);
      expect(describeProblem(p, 'en')).toContain(p.elementId);
      expect(`${zh}${describeProblem(p, 'en')}`).not.toMatch(/\{\w+\}/);
    }
  });

  it.each([
    ['camunda:candidateUsers="${x}"', 'camunda:candidateUsers'],
    ['camunda:candidateGroups="#{groups}"', 'camunda:candidateGroups'],
    ['camunda:followUpDate="${d}"', 'camunda:followUpDate'],
    ['camunda:priority="${p}"', 'camunda:priority'],
    ['camunda:asyncBefore="true" camunda:jobPriority="${p}"', 'camunda:jobPriority'],
  ])('should name the attribute holding an expression: %s', async (attributes, attribute) => {
    const [text] = sentences(await checkEngineGate(withTask(attributes)));
    expect(text).toContain(attribute);
    expect(text).toContain('t1 "Review"');
  });

  it('should keep literal assignees, candidates, due dates and form keys', async () => {
    const attributes =
      'camunda:assignee="admin" camunda:candidateGroups="reviewers" camunda:dueDate="2026-12-01T00:00:00Z" camunda:formKey="form:approve"';
    expect(await checkEngineGate(withTask(attributes))).toEqual([]);
  });

  it.each([
    [
      'documentation',
      '<bpmn:documentation>${x}</bpmn:documentation>',
      'bpmn.expression_not_allowed',
    ],
    [
      'a task listener',
      '<bpmn:extensionElements><camunda:taskListener delegateExpression="${d}" event="create" /></bpmn:extensionElements>',
      'bpmn.unsafe_element',
    ],
    [
      'an input mapping',
      '<bpmn:extensionElements><camunda:inputOutput><camunda:inputParameter name="a">1</camunda:inputParameter></camunda:inputOutput></bpmn:extensionElements>',
      'bpmn.unsafe_element',
    ],
    [
      'a property with an expression',
      '<bpmn:extensionElements><camunda:properties><camunda:property name="a" value="${x}" /></camunda:properties></bpmn:extensionElements>',
      'bpmn.expression_not_allowed',
    ],
    [
      'a collection expression',
      '<bpmn:multiInstanceLoopCharacteristics camunda:collection="${docs}" />',
      'bpmn.expression_not_allowed',
    ],
  ])('should refuse %s', async (_, inside, key) => {
    const problems = await checkEngineGate(withTask('', inside));
    expect(problems.map((p) => [p.elementId, p.key])).toContainEqual(['t1', key]);
  });

  it.each([
    ['camunda:formHandlerClass="x.Y"', 'camunda:formHandlerClass'],
    ['operaton:assignee="x"', 'operaton:assignee'],
    ['camunda:unknownThing="1"', 'camunda:unknownThing'],
  ])('should refuse an attribute it does not know: %s', async (attributes, attribute) => {
    const [text] = sentences(await checkEngineGate(withTask(attributes)));
    expect(text).toContain(attribute);
  });

  it('should allow a literal loop cardinality and literal timers', async () => {
    const loop =
      '<bpmn:multiInstanceLoopCharacteristics isSequential="true"><bpmn:loopCardinality>3</bpmn:loopCardinality></bpmn:multiInstanceLoopCharacteristics>';
    expect(await checkEngineGate(withTask('', loop))).toEqual([]);
    const timers = [
      ['timeDuration', 'PT5M'],
      ['timeDuration', 'P1D'],
      ['timeDate', '2026-12-01T00:00:00Z'],
      ['timeCycle', 'R3/PT10M'],
    ];
    for (const [kind, timer] of timers) {
      const xml = fixture('timer-expression')
        .replace(/\$\{[^<]*\}/, timer)
        .replaceAll('timeDuration', kind);
      expect(await checkEngineGate(xml)).toEqual([]);
      const wrong = xml.replaceAll(kind, kind === 'timeDate' ? 'timeCycle' : 'timeDate');
      expect((await checkEngineGate(wrong)).map((p) => p.key)).toEqual(['bpmn.timer_not_literal']);
    }
    const cron = fixture('timer-expression').replace(/\$\{[^<]*\}/, '0 0/5 * * * ?');
    expect((await checkEngineGate(cron)).map((p) => p.key)).toEqual(['bpmn.timer_not_literal']);
  });

  it("should keep the designer's forms and retry cycles, with literal values only", async () => {
    const form = (defaultValue: string, constraint: string) =>
      `<bpmn:extensionElements><camunda:formData businessKey="amount"><camunda:formField id="amount" label="Amount" type="long" defaultValue="${defaultValue}"><camunda:validation><camunda:constraint name="${constraint}" config="1" /></camunda:validation></camunda:formField><camunda:formField id="kind" type="enum"><camunda:value id="a" name="A" /></camunda:formField></camunda:formData></bpmn:extensionElements>`;
    expect(await checkEngineGate(withTask('camunda:formKey="form:1"', form('3', 'min')))).toEqual(
      [],
    );
    const [expression] = sentences(await checkEngineGate(withTask('', form('${x}', 'min'))));
    expect(expression).toContain('camunda:defaultValue');
    const [validator] = sentences(await checkEngineGate(withTask('', form('3', 'validator'))));
    expect(validator).toContain('camunda:constraint validator');
    const retry =
      '<bpmn:multiInstanceLoopCharacteristics camunda:collection="users" camunda:elementVariable="user" camunda:asyncBefore="true"><bpmn:extensionElements><camunda:failedJobRetryTimeCycle>R3/PT1M</camunda:failedJobRetryTimeCycle></bpmn:extensionElements></bpmn:multiInstanceLoopCharacteristics>';
    expect(await checkEngineGate(withTask('', retry))).toEqual([]);
  });

  it('should refuse a topic the platform does not serve', async () => {
    const xml = fixture('topic-expression').replace(
      /camunda:topic="[^"]*"/,
      'camunda:topic="other"',
    );
    const problems = await checkEngineGate(xml);
    expect(problems.map((p) => p.key)).toEqual(['bpmn.topic_not_allowed']);
    expect(await checkEngineGate(xml, { topics: ['other'] })).toEqual([]);
    expect(await checkEngineGate(xml.replace('"other"', `"${AGENT_TOPIC}"`))).toEqual([]);
  });

  it('should refuse an expression language on the definitions', async () => {
    const xml = fixture('safe-condition').replace(
      'id="Definitions_1"',
      'id="Definitions_1" expressionLanguage="http://example.com/spel"',
    );
    const [text] = sentences(await checkEngineGate(xml));
    expect(text).toContain('expressionLanguage');
  });

  it('should refuse at compile time a workflow with an expression in a task name', async () => {
    const xml = buildBpmnXml({
      id: 'named',
      name: 'named',
      nodes: [
        { id: 'Start', type: 'startEvent', x: 0, y: 0 },
        { id: 'Review', type: 'userTask', name: "${''.getClass()}", x: 100, y: 0 },
        { id: 'End', type: 'endEvent', x: 200, y: 0 },
      ],
      flows: [
        { id: 'F1', source: 'Start', target: 'Review' },
        { id: 'F2', source: 'Review', target: 'End' },
      ],
    });
    const result = await compileWorkflow(xml, { agents: [] });
    const problems = result.ok ? [] : result.problems;
    expect(problems.map((p) => [p.elementId, p.key])).toContainEqual([
      'Review',
      'bpmn.expression_not_allowed',
    ]);
  });
});

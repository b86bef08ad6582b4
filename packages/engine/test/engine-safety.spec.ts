import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import {
  CamundaRestClient,
  engineAuthorization,
  type EngineCredentials,
} from '@platform/engine-client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { createEngine, type EmbeddedEngine, type EngineServer, startEngineServer } from '../src';
import { operatonMissing, type RunningOperaton, startOperaton } from './support/operaton';

// Issue 25: BPMN reaches an engine only through POST /deployment/create with the platform's
// credentials, and what is deployed there runs inside the engine. Each file of fixtures/unsafe holds
// one way of making the engine run code (an expression that calls a method, a script, a listener, a
// timer start) and must be refused with 400 by both engines, straight at their REST API; the safe
// gateway condition must still deploy and route. Operaton's side is deploy/engine's allow-list
// (platform.engine.safety); its expression manager is proven by the Maven unit tests.

const AUTH: EngineCredentials = {
  user: 'safety',
  password: 'Safety-password-0123456789-abcdefghij',
  token: 'safety-token-abcdefghijklmnopqrstuvwxyz01',
};

const UNSAFE = [
  'timer-start',
  'service-expression',
  'script-task',
  'class-listener',
  'name-expression',
  'assignee-expression',
  'due-date-expression',
  'form-key-expression',
  'topic-expression',
  'timer-expression',
  'loop-cardinality-expression',
  'condition-method-call',
] as const;

const unsafeFixture = (name: string): string =>
  readFileSync(join(__dirname, 'fixtures', 'unsafe', `${name}.bpmn`), 'utf8');

/** The process id the fixtures' README gives each file. */
const processKeyOf = (name: string) => `unsafe_${name.replace(/-/g, '_')}`;

const OPERATON_MISSING = operatonMissing();

const ENGINES = [
  { name: 'embedded' as const, missing: null },
  { name: 'operaton' as const, missing: OPERATON_MISSING },
];

describe.each(ENGINES)('the engine gate: $name engine', ({ name, missing }) => {
  if (missing) {
    it.skip(`skipped: ${missing}`, () => undefined);
    return;
  }
  let url: string;
  let client: CamundaRestClient;
  let embedded: { engine: EmbeddedEngine; server: EngineServer } | null = null;
  let operaton: RunningOperaton | null = null;

  beforeAll(async () => {
    const mysql = inject('mysql');
    if (name === 'embedded') {
      const engine = await createEngine({ mysql, timerPollInterval: 500 });
      const server = await startEngineServer({ engine, port: 0, auth: AUTH });
      embedded = { engine, server };
      url = server.url;
    } else {
      const { host, port, user, password } = mysql;
      operaton = await startOperaton({ host, port, user, password }, AUTH);
      url = operaton.url;
    }
    client = new CamundaRestClient({ baseUrl: url, auth: AUTH });
  }, 240_000);

  afterAll(async () => {
    if (embedded) {
      await embedded.server.close();
      await embedded.engine.close();
    }
    await operaton?.stop();
  }, 60_000);

  /** A deployment sent as the platform sends one, with the platform's credentials. */
  const deploy = (fileName: string, content: string) => {
    const form = new FormData();
    form.append('deployment-name', fileName);
    form.append('deployment-source', 'engine-safety');
    form.append('data', new Blob([content], { type: 'application/xml' }), fileName);
    return fetch(`${url}/deployment/create`, {
      method: 'POST',
      headers: { Authorization: engineAuthorization(AUTH)! },
      body: form,
    });
  };

  it.each(UNSAFE)('should refuse %s.bpmn with 400 and keep nothing of it', async (fixture) => {
    const res = await deploy(`${fixture}.bpmn`, unsafeFixture(fixture));
    const body = (await res.json()) as { type?: string; message?: string };
    expect(res.status, JSON.stringify(body)).toBe(400);
    expect(body.type).toBe('ParseException');
    const definition = await fetch(`${url}/process-definition/key/${processKeyOf(fixture)}`, {
      headers: { Authorization: engineAuthorization(AUTH)! },
    });
    expect(definition.status).toBe(404);
  });

  // Issue 30: Operaton's figures for Prometheus, on a loopback port of their own (not the REST port).
  it.runIf(name === 'operaton')(
    "should serve the engine's figures to Prometheus on its management port only",
    async () => {
      const page = await fetch(operaton!.metricsUrl);
      expect(page.status).toBe(200);
      const text = await page.text();
      for (const figure of [
        'operaton_process_instances',
        'operaton_incidents',
        'operaton_external_tasks{application="platform-engine",state="waiting"}',
        'hikaricp_connections_active',
        'jvm_memory_used_bytes',
      ]) {
        expect(text).toContain(figure);
      }
      const onRestPort = await fetch(url.replace('/engine-rest', '/actuator/prometheus'));
      expect(onRestPort.ok).toBe(false);
    },
  );

  it('should deploy the safe condition ${days > 3} and route by it', async () => {
    const res = await deploy('safe-condition.bpmn', unsafeFixture('safe-condition'));
    expect(res.status, await res.clone().text()).toBe(200);
    const waitsIn = async (days: number) => {
      const started = await client.startProcessInstanceByKey('safe_condition', {
        variables: { days: { value: days, type: 'Integer' } },
      });
      const tasks = await client.tasks({ processInstanceId: started.id });
      return tasks.map((task) => task.taskDefinitionKey);
    };
    expect(await waitsIn(5)).toEqual(['long_review']);
    expect(await waitsIn(1)).toEqual(['short_review']);
  });

  // Operaton's own walls: the embedded engine has no DMN, jobs or assignees of that kind.
  it.runIf(name === 'operaton')(
    'should refuse resources other than BPMN (DMN and CMMN carry expressions of their own)',
    async () => {
      const dmn = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="https://www.omg.org/spec/DMN/20191111/MODEL/" id="d" name="d" namespace="x">
  <decision id="unsafe_decision" name="d">
    <decisionTable id="t">
      <input id="i"><inputExpression id="e" typeRef="string" expressionLanguage="juel"><text>\${''.getClass().getName()}</text></inputExpression></input>
      <output id="o" name="r" typeRef="string" />
    </decisionTable>
  </decision>
</definitions>`;
      const res = await deploy('unsafe.dmn', dmn);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { type: string }).type).toBe('ParseException');
    },
  );

  it.runIf(name === 'operaton')(
    'should refuse an expression anywhere, also where no platform element reads it',
    async () => {
      const xml = unsafeFixture('safe-condition').replace(
        '<bpmn:endEvent id="end"',
        `<bpmn:endEvent id="end" camunda:asyncBefore="true" camunda:jobPriority="\${''.getClass().getName()}"`,
      );
      const res = await deploy('job-priority.bpmn', xml);
      expect(res.status).toBe(400);
    },
  );

  it.runIf(name === 'operaton')(
    'should run the JVM as the unprivileged system user when started by root (scripts/engine.mjs)',
    () => {
      const status = readFileSync(`/proc/${operaton!.pid}/status`, 'utf8');
      const field = (key: string) => new RegExp(`^${key}:\\s*(\\S+)`, 'm').exec(status)?.[1];
      if (process.getuid?.() !== 0) {
        expect(Number(field('Uid'))).toBe(process.getuid?.());
        return;
      }
      const operatonUid = execFileSync('id', ['-u', 'operaton'], { encoding: 'utf8' }).trim();
      expect(field('Uid')).toBe(operatonUid);
      expect(field('Uid')).not.toBe('0');
      expect(field('NoNewPrivs')).toBe('1');
      expect(field('CapEff')).toBe('0000000000000000');
    },
  );

  it.runIf(name === 'operaton')(
    "should take the designer's forms with built-in constraints only, and no assignee expression",
    async () => {
      const withReview = (attributes: string, extension = '') =>
        unsafeFixture('safe-condition')
          .replace('id="safe_condition"', 'id="safe_review"')
          .replace(
            '<bpmn:userTask id="long_review" name="Long review" />',
            `<bpmn:userTask id="long_review" name="Long review" ${attributes}>${extension}</bpmn:userTask>`,
          );
      const form = (constraint: string) =>
        `<bpmn:extensionElements><camunda:formData><camunda:formField id="reason" label="Reason" type="string" defaultValue="none"><camunda:validation><camunda:constraint name="${constraint}" /></camunda:validation></camunda:formField></camunda:formData></bpmn:extensionElements>`;
      expect((await deploy('form.bpmn', withReview('', form('required')))).status).toBe(200);
      expect(
        (await deploy('validator.bpmn', withReview('', form('org.example.Check')))).status,
      ).toBe(400);
      expect(
        (await deploy('assignee.bpmn', withReview('camunda:assignee="${starter}"'))).status,
      ).toBe(400);
      expect(
        (await deploy('handler.bpmn', withReview('camunda:formHandlerClass="org.example.Handler"')))
          .status,
      ).toBe(400);
    },
  );
});

import { expect } from 'vitest';

import { api, type TestStack } from './stack';

type Request = ReturnType<ReturnType<typeof api>['get']>;

/** Requests as the holder of a session token, in a language (duplicate-submit guard off). */
export interface Caller {
  token: string;
  userId: number;
  get(path: string, lang?: string): Request;
  post(path: string, body?: object, lang?: string): Request;
  put(path: string, body: object, lang?: string): Request;
  del(path: string, lang?: string): Request;
}

export async function callerFor(stack: TestStack, token: string): Promise<Caller> {
  const info = await api(stack).get('/prod-api/getInfo').set('Authorization', `Bearer ${token}`);
  const send = (req: Request, lang: string) =>
    req.set('Authorization', `Bearer ${token}`).set('repeatSubmit', 'false').set('lang', lang);
  return {
    token,
    userId: info.body.data.user.userId,
    get: (path, lang = 'zh') => send(api(stack).get(`/prod-api${path}`), lang),
    post: (path, body = {}, lang = 'zh') =>
      send(api(stack).post(`/prod-api${path}`), lang).send(body),
    put: (path, body, lang = 'zh') => send(api(stack).put(`/prod-api${path}`), lang).send(body),
    del: (path, lang = 'zh') => send(api(stack).delete(`/prod-api${path}`), lang),
  };
}

/** The data of an answer that must have succeeded (the body is shown when it did not). */
export function dataOf<T = Record<string, unknown>>(res: { body: { code: number; data?: T } }): T {
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 200 });
  return res.body.data as T;
}

/** start → one agent node (nameen Plan) → end under `key`: a workflow small enough for API tests. */
export function oneAgentFlow(key: string): string {
  const descriptor = JSON.stringify({
    nameen: 'Plan',
    type: 'Agent',
    instruction: 'do Plan',
    output: '',
    validators: [],
  }).replace(/"/g, '&quot;');
  return `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="Definitions_${key}" targetNamespace="http://bpmn.io/schema/bpmn">
<bpmn:process id="${key}" name="${key}" isExecutable="true">
<bpmn:startEvent id="Start"><bpmn:outgoing>F1</bpmn:outgoing></bpmn:startEvent>
<bpmn:userTask id="Task_1" name="任务1"><bpmn:documentation>${descriptor}</bpmn:documentation><bpmn:incoming>F1</bpmn:incoming><bpmn:outgoing>F2</bpmn:outgoing></bpmn:userTask>
<bpmn:endEvent id="End"><bpmn:incoming>F2</bpmn:incoming></bpmn:endEvent>
<bpmn:sequenceFlow id="F1" sourceRef="Start" targetRef="Task_1" />
<bpmn:sequenceFlow id="F2" sourceRef="Task_1" targetRef="End" />
</bpmn:process>
</bpmn:definitions>`;
}

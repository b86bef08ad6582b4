import { engineAuthorization, type EngineCredentials } from '@platform/engine-client';

/** One engine under test: where its REST API is and how to sign in. */
export interface EngineUnderTest {
  name: 'embedded' | 'operaton';
  /** e.g. http://127.0.0.1:8085/engine-rest */
  url: string;
  auth: EngineCredentials;
}

/** One recorded exchange, normalised (ids named, times and durations replaced). */
export interface Step {
  step: string;
  status?: number;
  contentType?: string | null;
  body?: unknown;
}

export interface Answer<T = unknown> {
  status: number;
  contentType: string | null;
  body: T;
}

const CAMUNDA_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}[+-]\d{4}$/;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

/**
 * Fields whose values are engine-made ids. A value the scenario named (an instance, a task, a
 * deployment…) becomes that name, so the relations between responses are compared too; any other id
 * becomes `<id>`. The two engines mint ids differently (Operaton's executions follow its execution
 * tree; the embedded engine has one per activity), so those are compared as "an id" only.
 */
const ID_FIELDS = new Set([
  'id',
  'executionId',
  'activityInstanceId',
  'parentActivityInstanceId',
  'processInstanceId',
  'rootProcessInstanceId',
  'processDefinitionId',
  'definitionId',
  'deploymentId',
  'taskId',
  'causeIncidentId',
  'rootCauseIncidentId',
  'configuration',
]);

/** Ids that follow each engine's own execution tree: compared as "an id" only, never by name. */
const OPAQUE_FIELDS = new Set(['executionId', 'activityInstanceId']);

/** Fields that hold a time span in milliseconds. */
const DURATION_FIELDS = new Set(['durationInMillis', 'duration']);

/**
 * Calls one engine's REST API and keeps a normalised transcript of what it answered, so that the
 * transcripts of the two engines can be compared field by field.
 */
export class Recorder {
  readonly steps: Step[] = [];
  private readonly names = new Map<string, string>();

  constructor(
    readonly engine: EngineUnderTest,
    /** Unique per test run; removed from everything recorded. */
    readonly tag: string,
  ) {}

  /** Names an id: wherever it appears later (values, keys, messages) it reads `<name>`. */
  name(id: string | null | undefined, name: string): void {
    if (id) this.names.set(id, `<${name}>`);
  }

  /** Calls the REST API without recording. */
  async request<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer<T>> {
    const init: RequestInit = {
      method,
      headers: { Authorization: engineAuthorization(this.engine.auth)!, ...headers },
    };
    if (body instanceof FormData) {
      init.body = body;
    } else if (typeof body === 'string') {
      init.body = body;
      (init.headers as Record<string, string>)['Content-Type'] ??= 'application/json';
    } else if (body !== undefined) {
      init.body = JSON.stringify(body);
      (init.headers as Record<string, string>)['Content-Type'] = 'application/json';
    }
    const res = await fetch(`${this.engine.url}${path}`, init);
    const text = await res.text();
    let parsed: unknown = text;
    if (text && res.headers.get('content-type')?.startsWith('application/json')) {
      parsed = JSON.parse(text);
    } else if (!text) {
      parsed = null;
    }
    return { status: res.status, contentType: res.headers.get('content-type'), body: parsed as T };
  }

  /** Calls the REST API and records the answer under `step`. */
  async call<T = unknown>(
    step: string,
    method: string,
    path: string,
    body?: unknown,
    options: { sort?: (a: never, b: never) => number; headers?: Record<string, string> } = {},
  ): Promise<Answer<T>> {
    const answer = await this.request<T>(method, path, body, options.headers);
    let recorded: unknown = answer.body;
    if (options.sort && Array.isArray(recorded)) {
      recorded = [...recorded].sort(options.sort as unknown as (a: unknown, b: unknown) => number);
    }
    this.steps.push({
      step,
      status: answer.status,
      contentType: answer.body === null ? null : answer.contentType,
      body: this.normalise(recorded),
    });
    return answer;
  }

  /** Records an answer the scenario got with request() (after naming the ids in it). */
  record(step: string, answer: Answer): void {
    this.steps.push({
      step,
      status: answer.status,
      contentType: answer.body === null ? null : answer.contentType,
      body: this.normalise(answer.body),
    });
  }

  /** Records a value the scenario observed (normalised like an answer). */
  note(step: string, value: unknown): void {
    this.steps.push({ step, body: this.normalise(value) });
  }

  /** Deploys BPMN resources like the workflow service does (multipart, duplicate filtering). */
  deployForm(
    name: string,
    resources: Record<string, string>,
    options: { duplicateFiltering?: boolean; source?: string } = {},
  ): FormData {
    const form = new FormData();
    form.append('deployment-name', name);
    if (options.source) form.append('deployment-source', options.source);
    if (options.duplicateFiltering) form.append('enable-duplicate-filtering', 'true');
    for (const [file, xml] of Object.entries(resources)) {
      form.append(file, new Blob([xml], { type: 'application/octet-stream' }), file);
    }
    return form;
  }

  normalise(value: unknown, field?: string): unknown {
    if (value === null || value === undefined) return value;
    if (Array.isArray(value)) return value.map((item) => this.normalise(item));
    if (typeof value === 'object') {
      const out: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
        out[this.text(key)] = this.normalise(item, key);
      }
      return out;
    }
    if (typeof value === 'number' && field && DURATION_FIELDS.has(field)) return '<duration>';
    if (typeof value !== 'string') return value;
    if (field && OPAQUE_FIELDS.has(field)) return '<id>';
    const named = this.names.get(value);
    if (named) return named;
    if (CAMUNDA_DATE.test(value) && field !== 'value') return '<date>';
    if (field && ID_FIELDS.has(field)) return '<id>';
    if (field === 'href') return this.text(value.replace(this.engine.url, '<rest>'));
    return this.text(value);
  }

  /** Names inside free text (error messages, keys) and the run tag removed. */
  private text(value: string): string {
    let out = value;
    for (const [id, name] of this.names) if (out.includes(id)) out = out.split(id).join(name);
    return out.split(this.tag).join('').replace(UUID, '<uuid>');
  }
}

/**
 * The differences between two transcripts, one line per differing field:
 * `#3 the running instance: body.links[0].href: embedded "…" / operaton "…"`.
 */
export function differences(ours: Step[], real: Step[]): string[] {
  const out: string[] = [];
  const show = (v: unknown) => {
    const text = v === undefined ? 'missing' : JSON.stringify(v);
    return text.length > 300 ? `${text.slice(0, 300)}…` : text;
  };
  const walk = (prefix: string, a: unknown, b: unknown) => {
    if (a === b) return;
    if (
      a &&
      b &&
      typeof a === 'object' &&
      typeof b === 'object' &&
      Array.isArray(a) === Array.isArray(b)
    ) {
      const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
      for (const key of keys) {
        const path = Array.isArray(a) ? `${prefix}[${key}]` : `${prefix}.${key}`;
        walk(path, (a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]);
      }
      return;
    }
    out.push(`${prefix}: embedded ${show(a)} / operaton ${show(b)}`);
  };
  for (let i = 0; i < Math.max(ours.length, real.length); i++) {
    const step = real[i]?.step ?? ours[i]?.step;
    if (ours[i]?.step !== real[i]?.step) {
      out.push(
        `#${i} steps differ: embedded ${show(ours[i]?.step)} / operaton ${show(real[i]?.step)}`,
      );
      break;
    }
    walk(`#${i} ${step}:`, ours[i], real[i]);
  }
  return out;
}

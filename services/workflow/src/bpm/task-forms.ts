import { Injectable } from '@nestjs/common';
import { bpmFormIdOf, userTaskFormKeys } from '@platform/bpmn';
import {
  type BpmTaskTimelineView,
  DomainError,
  missingRequiredField,
  schemaFieldKeys,
  schemaOfForm,
} from '@platform/contracts';
import { type DataSource, In } from 'typeorm';

import { InjectWorkflowDb } from '../database/inject';
import { EngineConnection } from '../engine/engine-connection';
import { BpmForm } from './bpm.entities';

export type TaskFormView = NonNullable<BpmTaskTimelineView['form']>;

/** Definitions whose task form keys are kept in memory (a deployed definition never changes). */
const CACHED_DEFINITIONS = 200;

/**
 * The forms of the steps: a user task names one of the platform's process forms by its
 * `camunda:formKey` (`bpm-form:<id>`), the key Camunda 7 modellers already set for Tasklist. The
 * approver fills it; what they send is checked against its required fields here, not only in the
 * browser.
 */
@Injectable()
export class TaskForms {
  private readonly keysByDefinition = new Map<string, Promise<Record<string, string>>>();

  constructor(
    @InjectWorkflowDb() private readonly db: DataSource,
    private readonly engine: EngineConnection,
  ) {}

  /** The forms of a definition's user tasks, by task id (tasks without one are absent). */
  async byTask(definitionId: string): Promise<Map<string, TaskFormView>> {
    // A definition the engine no longer has (its deployment deleted) has no forms to show.
    const keys = await this.formKeys(definitionId).catch(() => ({}) as Record<string, string>);
    const ids = new Map<string, number>();
    for (const [task, key] of Object.entries(keys)) {
      const id = bpmFormIdOf(key);
      if (id !== null) ids.set(task, id);
    }
    if (!ids.size) return new Map();
    const forms = await this.db
      .getRepository(BpmForm)
      .findBy({ id: In([...new Set(ids.values())]) });
    const byId = new Map(forms.map((form) => [Number(form.id), viewOf(form)]));
    const out = new Map<string, TaskFormView>();
    for (const [task, id] of ids) {
      const form = byId.get(id);
      if (form) out.set(task, form);
    }
    return out;
  }

  /**
   * The values a step's form sends, kept to the form's own fields, once every required one has a
   * value (else an error naming the field in the caller's language). A task without a platform form
   * passes its values on unchanged.
   */
  async checkedValues(
    formKey: string | null | undefined,
    values: Record<string, unknown>,
  ): Promise<Record<string, unknown>> {
    const id = bpmFormIdOf(formKey);
    const form = id === null ? null : await this.db.getRepository(BpmForm).findOneBy({ id });
    if (!form) return values;
    const schema = schemaOfForm(form);
    const missing = missingRequiredField(schema, values);
    if (missing) {
      throw new DomainError('bpm.form_field_required', {
        field: missing.label,
        fieldEn: missing.labelEn,
      });
    }
    const keys = new Set(schemaFieldKeys(schema));
    return Object.fromEntries(Object.entries(values).filter(([key]) => keys.has(key)));
  }

  private formKeys(definitionId: string): Promise<Record<string, string>> {
    let keys = this.keysByDefinition.get(definitionId);
    if (!keys) {
      if (this.keysByDefinition.size >= CACHED_DEFINITIONS) this.keysByDefinition.clear();
      keys = this.engine.client
        .getProcessDefinitionXml(definitionId)
        .then(({ bpmn20Xml }) => userTaskFormKeys(bpmn20Xml));
      // A failed read (the engine away, the deployment deleted) is asked again next time.
      keys.catch(() => this.keysByDefinition.delete(definitionId));
      this.keysByDefinition.set(definitionId, keys);
    }
    return keys;
  }
}

function viewOf(form: BpmForm): TaskFormView {
  return {
    id: Number(form.id),
    name: form.name,
    fields: form.fields,
    schema: form.schema ?? null,
    conf: form.conf,
  };
}

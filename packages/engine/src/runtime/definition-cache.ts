import type { SerializableContext } from 'moddle-context-serializer';

import {
  buildProcessModel,
  deserializeContext,
  ENGINE_ELEMENTS,
  ProcessModel,
  serializeContext,
} from '../bpmn/bpmn-model';
import { DerivedDefinitionError, deriveStartAt } from '../bpmn/derived-definition';
import type { Connection, EngineDatabase } from '../db/engine-database';
import { badRequest, notFound, restNotFound } from '../rest/camunda-errors';

export interface DefinitionRow {
  id: string;
  def_key: string;
  version: number;
  name: string | null;
  deployment_id: string;
  resource_name: string;
  version_tag: string | null;
  history_ttl: number | null;
  /** The definitions' targetNamespace (null for definitions deployed before it was kept). */
  category: string | null;
  /**
   * 1 once suspended (no new instances). A cached row keeps the value it was loaded with, so read it
   * from a fresh row (latestByKey, ProcessEngine.definitionById).
   */
  suspended: number;
  xml: string;
  source_context: string;
  created: number;
}

/** A deployed definition ready to run: its row, the deserialized context and its model. */
export interface LoadedDefinition {
  row: DefinitionRow;
  /** Set for a derived definition that starts at this activity. */
  startActivityId: string | null;
  context: SerializableContext;
  model: ProcessModel;
  /** The model of the original definition (history names and types). */
  fullModel: ProcessModel;
  elements: Record<string, unknown>;
}

/**
 * Deployed definitions never change, so their deserialized contexts are cached per process
 * (derived start-at-activity variants too). bpmn-engine only reads a context, so many engines
 * can share one.
 */
export class DefinitionCache {
  private readonly loaded = new Map<string, Promise<LoadedDefinition>>();

  constructor(private readonly db: EngineDatabase) {}

  get(definitionId: string, startActivityId: string | null = null): Promise<LoadedDefinition> {
    const key = `${definitionId}\u0000${startActivityId ?? ''}`;
    let entry = this.loaded.get(key);
    if (!entry) {
      entry = this.load(definitionId, startActivityId);
      entry.catch(() => this.loaded.delete(key));
      this.loaded.set(key, entry);
    }
    return entry;
  }

  /** Drops a deleted definition (and its derived variants). */
  forget(definitionId: string): void {
    for (const key of this.loaded.keys()) {
      if (key.startsWith(`${definitionId}\u0000`)) this.loaded.delete(key);
    }
  }

  async latestByKey(
    conn: Connection | EngineDatabase['pool'],
    key: string,
  ): Promise<DefinitionRow> {
    const [rows] = await conn.query(
      'SELECT * FROM eng_process_definition WHERE def_key = ? ORDER BY version DESC LIMIT 1',
      [key],
    );
    const row = (rows as DefinitionRow[])[0];
    if (!row) {
      throw restNotFound(`No matching process definition with key: ${key} and no tenant-id`);
    }
    return row;
  }

  private async load(id: string, startActivityId: string | null): Promise<LoadedDefinition> {
    const [rows] = await this.db.pool.query('SELECT * FROM eng_process_definition WHERE id = ?', [
      id,
    ]);
    const row = (rows as DefinitionRow[])[0];
    if (!row) throw notFound(`Process definition with id ${id} does not exist`);
    const full = deserializeContext(row.source_context);
    const fullModel = buildProcessModel(full);
    if (!startActivityId) {
      return {
        row,
        startActivityId,
        context: full,
        model: fullModel,
        fullModel,
        elements: ENGINE_ELEMENTS,
      };
    }
    if (!fullModel.activities.has(startActivityId)) {
      throw badRequest(`Cannot start before activity '${startActivityId}': no such activity`);
    }
    try {
      const derived = deserializeContext(
        serializeContext(await deriveStartAt(row.xml, startActivityId)),
      );
      return {
        row,
        startActivityId,
        context: derived,
        model: buildProcessModel(derived),
        fullModel,
        elements: ENGINE_ELEMENTS,
      };
    } catch (err) {
      if (err instanceof DerivedDefinitionError) throw badRequest(err.message);
      throw err;
    }
  }
}

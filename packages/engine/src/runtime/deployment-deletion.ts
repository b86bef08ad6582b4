import type { EngineDatabase } from '../db/engine-database';
import { engineError, notFound } from '../rest/camunda-errors';
import type { DefinitionCache } from './definition-cache';
import type { HotInstances } from './hot-instances';
import { deleteAllWaitsStatements } from './instance-store';

/** Deleting a deployment: its definitions, and with `cascade` their instances and history. */
export class DeploymentDeletion {
  constructor(
    private readonly db: EngineDatabase,
    private readonly definitions: DefinitionCache,
    private readonly hot: HotInstances,
  ) {}

  /**
   * Deletes a deployment and its process definitions (Camunda's DELETE /deployment/{id}). With
   * `cascade` their process instances go too, with all their history; without it a running
   * instance makes the engine refuse, and finished instances keep their history.
   */
  async delete(id: string, cascade: boolean): Promise<void> {
    const definitionIds = await this.db.transaction(async (conn) => {
      const [found] = await conn.query('SELECT id FROM eng_deployment WHERE id = ? FOR UPDATE', [
        id,
      ]);
      if (!(found as unknown[]).length) throw notFound(`Deployment with id '${id}' do not exist`);
      const [defs] = await conn.query(
        'SELECT id FROM eng_process_definition WHERE deployment_id = ? FOR UPDATE',
        [id],
      );
      const ids = (defs as { id: string }[]).map((row) => row.id);
      const statements: [string, unknown[]][] = [];
      if (ids.length) {
        const [rows] = await conn.query(
          'SELECT id, definition_id FROM eng_process_instance WHERE definition_id IN (?) FOR UPDATE',
          [ids],
        );
        const running = rows as { id: string; definition_id: string }[];
        if (running.length && !cascade) {
          throw engineError(
            500,
            'ProcessEngineException',
            `ENGINE-03076 Deletion of process definition without cascading failed. Process definition with id: ${running[0].definition_id} can't be deleted, because there are ${running.length} dependent process instances.`,
          );
        }
        for (const instance of running) {
          this.hot.evict(instance.id);
          statements.push(...deleteAllWaitsStatements(instance.id), [
            'DELETE FROM eng_process_instance WHERE id = ?',
            [instance.id],
          ]);
        }
        if (cascade) {
          statements.push(
            ['DELETE FROM eng_hist_activity_instance WHERE definition_id IN (?)', [ids]],
            ['DELETE FROM eng_hist_task WHERE definition_id IN (?)', [ids]],
            ['DELETE FROM eng_hist_process_instance WHERE definition_id IN (?)', [ids]],
          );
        }
        statements.push(['DELETE FROM eng_message_start WHERE definition_id IN (?)', [ids]]);
      }
      statements.push(
        ['DELETE FROM eng_process_definition WHERE deployment_id = ?', [id]],
        ['DELETE FROM eng_deployment WHERE id = ?', [id]],
      );
      await conn.queryAndCommit(
        statements.map(([sql]) => sql).join(';\n'),
        statements.flatMap(([, params]) => params),
      );
      return ids;
    });
    for (const definitionId of definitionIds) this.definitions.forget(definitionId);
  }
}

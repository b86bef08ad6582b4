import type { ProcessInstanceDto, VariableMap } from '@platform/engine-client';

import type { EngineDatabase } from '../db/engine-database';
import { badRequest, engineError, notFound } from '../rest/camunda-errors';
import { StoredVariables, toVariableDtos } from '../variables/typed-variables';
import type { DefinitionRow } from './definition-cache';

/**
 * Reads of one running process instance and its variables. They lock nothing and run no process, so
 * they stay out of ProcessEngine's commands.
 */
export class InstanceReads {
  constructor(private readonly db: EngineDatabase) {}

  async getInstance(id: string): Promise<ProcessInstanceDto> {
    const [rows] = await this.db.pool.query(
      'SELECT i.id, i.business_key, i.suspended, d.id AS definition_id, d.def_key FROM eng_process_instance i JOIN eng_process_definition d ON d.id = i.definition_id WHERE i.id = ?',
      [id],
    );
    const row = (
      rows as {
        id: string;
        business_key: string | null;
        suspended: number;
        definition_id: string;
        def_key: string;
      }[]
    )[0];
    if (!row) throw notFound(`Process instance with id ${id} does not exist`);
    return toInstanceDto(
      row.id,
      { id: row.definition_id, def_key: row.def_key },
      row.business_key,
      false,
      Boolean(row.suspended),
    );
  }

  /** GET /process-instance/{id}/variables: the instance's variables (files without content). */
  async instanceVariables(id: string): Promise<VariableMap> {
    const [rows] = await this.db.pool.query(
      'SELECT variables FROM eng_process_instance WHERE id = ?',
      [id],
    );
    const row = (rows as { variables: string }[])[0];
    if (!row) {
      throw engineError(
        500,
        'NullValueException',
        `execution ${id} doesn't exist: execution is null`,
      );
    }
    return toVariableDtos(JSON.parse(row.variables) as StoredVariables);
  }

  /**
   * The content of a file variable, as camunda-external-task-client-js loads it
   * (GET /execution/{processInstanceId}/localVariables/{name}/data).
   */
  async fileVariable(
    executionId: string,
    name: string,
  ): Promise<{ data: Buffer; contentType: string }> {
    const [rows] = await this.db.pool.query(
      'SELECT variables FROM eng_process_instance WHERE id = ?',
      [executionId],
    );
    const row = (rows as { variables: string }[])[0];
    if (!row) {
      throw engineError(
        500,
        'RestException',
        `Cannot get execution variable ${name}: execution ${executionId} doesn't exist: execution is null`,
      );
    }
    const variable = (JSON.parse(row.variables) as StoredVariables)[name];
    if (!variable) throw notFound(`execution variable with name ${name} does not exist`);
    if (variable.type !== 'File') {
      throw badRequest(`Value of variable with id ${name} is not a binary value.`);
    }
    const { mimeType, encoding } = variable.valueInfo as { mimeType?: string; encoding?: string };
    const contentType = `${mimeType ?? 'application/octet-stream'}${encoding ? `; charset=${encoding}` : ''}`;
    return { data: Buffer.from(String(variable.value ?? ''), 'base64'), contentType };
  }
}

export function toInstanceDto(
  id: string,
  definition: Pick<DefinitionRow, 'id' | 'def_key'>,
  businessKey: string | null,
  ended: boolean,
  suspended = false,
): ProcessInstanceDto {
  return {
    // The REST layer adds the self link to a started instance; a read one has none.
    links: [],
    id,
    definitionId: definition.id,
    definitionKey: definition.def_key,
    businessKey,
    caseInstanceId: null,
    ended,
    suspended,
    tenantId: null,
  };
}

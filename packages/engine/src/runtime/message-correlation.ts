import type {
  CorrelationMessageDto,
  MessageCorrelationResultDto,
  VariableMap,
} from '@platform/engine-client';

import type { Connection } from '../db/engine-database';
import { badRequest, engineError } from '../rest/camunda-errors';
import { StoredVariables, toPlainValues, toStoredVariables } from '../variables/typed-variables';
import { toInstanceDto } from './instance-reads';
import { noEffects } from './instance-store';
import type { EngineNotifier, ProcessEngine } from './process-engine';

/**
 * POST /message: delivers a message to the executions waiting for it and starts the definitions
 * with a matching message start event, all in one transaction.
 */
export class MessageCorrelation {
  constructor(
    private readonly process: ProcessEngine,
    private readonly notifier: EngineNotifier,
  ) {}

  async correlate(
    dto: CorrelationMessageDto,
    startUserId: string | null = null,
  ): Promise<MessageCorrelationResultDto[]> {
    if (!dto.messageName) throw badRequest('No message name supplied');
    const effects = noEffects();
    const results = await this.process.db.transaction(async (conn) => {
      const subs = await this.matchingSubscriptions(conn, dto);
      const starts = dto.processInstanceId ? [] : await matchingStarts(conn, dto.messageName);
      const total = subs.length + starts.length;
      // Operaton reports its MismatchingMessageCorrelationException by class name.
      const mismatch = (text: string) =>
        engineError(
          400,
          'RestException',
          `org.operaton.bpm.engine.MismatchingMessageCorrelationException: ${text}`,
        );
      if (total === 0) {
        throw mismatch(
          `Cannot correlate message '${dto.messageName}': No process definition or execution matches the parameters`,
        );
      }
      if (total > 1 && !dto.all) {
        throw mismatch(
          `ENGINE-13031 Cannot correlate a message with name '${dto.messageName}' to a single execution. ${total} executions match the correlation keys: ${correlationSet(dto)}`,
        );
      }
      const processVariables = toStoredVariables(dto.processVariables);
      const out: MessageCorrelationResultDto[] = [];
      for (const sub of subs) {
        await this.process.withInstance(
          sub.process_instance_id,
          (cmd) => {
            const wait = cmd.run.waits.get(sub.execution_id);
            if (!wait)
              throw badRequest(
                `execution ${sub.execution_id} no longer waits for '${dto.messageName}'`,
              );
            Object.assign(cmd.variables, processVariables);
            cmd.run.correlate(wait, toPlainValues(processVariables));
            out.push({
              resultType: 'Execution',
              processInstance: null,
              // The execution that received the message (the catch event's) has ended.
              execution: {
                id: sub.execution_id,
                processInstanceId: sub.process_instance_id,
                ended: true,
                tenantId: null,
              },
            });
          },
          { conn, effects },
        );
      }
      for (const start of starts) {
        const row = await this.process.definitions.latestByKey(conn, start.def_key);
        const started = await this.process.startInstance(
          conn,
          row,
          {
            businessKey: dto.businessKey ?? null,
            variables: processVariables,
            startActivityId: null,
            startUserId,
            messageId: start.message_id,
          },
          effects,
        );
        out.push({
          resultType: 'ProcessDefinition',
          processInstance: toInstanceDto(started.id, row, dto.businessKey ?? null, started.ended),
          execution: null,
        });
      }
      return out;
    });
    this.notifier.afterCommit(effects);
    return results;
  }

  private async matchingSubscriptions(
    conn: Connection,
    dto: CorrelationMessageDto,
  ): Promise<SubscriptionRow[]> {
    // Suspended instances receive no messages.
    const where = ['s.message_name = ?', 'i.suspended = 0'];
    const params: unknown[] = [dto.messageName];
    if (dto.processInstanceId) {
      where.push('s.process_instance_id = ?');
      params.push(dto.processInstanceId);
    }
    if (dto.businessKey) {
      where.push('s.business_key = ?');
      params.push(dto.businessKey);
    }
    const [rows] = await conn.query(
      `SELECT s.process_instance_id, s.execution_id, i.variables FROM eng_message_subscription s
        JOIN eng_process_instance i ON i.id = s.process_instance_id WHERE ${where.join(' AND ')}`,
      params,
    );
    const keys = toStoredVariables(dto.correlationKeys);
    return (rows as SubscriptionRow[]).filter((row) =>
      matchesKeys(JSON.parse(row.variables), keys),
    );
  }
}

interface SubscriptionRow {
  process_instance_id: string;
  execution_id: string;
  variables: string;
}

async function matchingStarts(
  conn: Connection,
  messageName: string,
): Promise<{ def_key: string; message_id: string }[]> {
  // A suspended definition's message start event matches nothing (Operaton skips it).
  const [rows] = await conn.query(
    `SELECT ms.def_key, ms.message_id FROM eng_message_start ms
      JOIN (SELECT def_key, MAX(version) AS v FROM eng_process_definition GROUP BY def_key) latest
        ON latest.def_key = ms.def_key AND latest.v = ms.version
      JOIN eng_process_definition d ON d.id = ms.definition_id AND d.suspended = 0
      WHERE ms.message_name = ?`,
    [messageName],
  );
  return rows as { def_key: string; message_id: string }[];
}

function matchesKeys(variables: StoredVariables, keys: StoredVariables): boolean {
  return Object.entries(keys).every(
    ([name, key]) => variables[name] && String(variables[name].value) === String(key.value),
  );
}

/** Operaton's CorrelationSet.toString(), as its "not unique" message shows it. */
function correlationSet(dto: CorrelationMessageDto): string {
  const map = (vars: VariableMap | undefined) =>
    vars && Object.keys(vars).length
      ? `{${Object.entries(vars)
          .map(([k, v]) => `${k}=${String(v.value)}`)
          .join(', ')}}`
      : 'null';
  return `CorrelationSet [businessKey=${dto.businessKey ?? null}, processInstanceId=${dto.processInstanceId ?? null}, processDefinitionId=null, correlationKeys=${map(dto.correlationKeys)}, localCorrelationKeys=${map(dto.localCorrelationKeys)}, tenantId=${dto.tenantId ?? null}, isTenantIdSet=${dto.tenantId !== undefined || dto.withoutTenantId === true}, isExecutionsOnly=false]`;
}

import { createHash, randomUUID } from 'node:crypto';

import {
  type DeploymentDto,
  type DeploymentSummaryDto,
  formatCamundaDate,
  type ProcessDefinitionDto,
} from '@platform/engine-client';

import { lintBpmn, LintProblem } from '../bpmn/bpmn-lint';
import {
  buildProcessModel,
  deserializeContext,
  ModdleElement,
  parseBpmn,
  ParsedBpmn,
  serializeContext,
} from '../bpmn/bpmn-model';
import type { Connection, EngineDatabase } from '../db/engine-database';
import { engineError, EngineRestError, notFound } from '../rest/camunda-errors';
import type { DefinitionRow } from './definition-cache';

export interface DeploymentResource {
  name: string;
  content: string;
}

export interface DeployCommand {
  name: string | null;
  source: string | null;
  tenantId: string | null;
  enableDuplicateFiltering: boolean;
  deployChangedOnly: boolean;
  resources: DeploymentResource[];
}

interface ParsedResource {
  resource: DeploymentResource;
  hash: string;
  processId: string;
  processName: string | null;
  versionTag: string | null;
  historyTtl: number | null;
  category: string | null;
  sourceContext: string;
}

/**
 * The history time to live of a definition that sets none, in days: deploy/engine configures
 * Operaton with P180D (application.yaml, as Camunda Run does), and Operaton reports it as the
 * definition's own.
 */
export const DEFAULT_HISTORY_TTL_DAYS = 180;

export function toDefinitionDto(row: DefinitionRow): ProcessDefinitionDto {
  return {
    id: row.id,
    key: row.def_key,
    category: row.category ?? 'http://bpmn.io/schema/bpmn',
    description: null,
    name: row.name,
    version: row.version,
    resource: row.resource_name,
    deploymentId: row.deployment_id,
    diagram: null,
    suspended: Boolean(row.suspended),
    tenantId: null,
    versionTag: row.version_tag,
    historyTimeToLive: row.history_ttl ?? DEFAULT_HISTORY_TTL_DAYS,
    startableInTasklist: true,
  };
}

/** Deploys BPMN resources: parse, lint the supported subset, version per process key. */
export class DeploymentService {
  constructor(private readonly db: EngineDatabase) {}

  async deploy(command: DeployCommand): Promise<DeploymentDto> {
    const bpmn = command.resources.filter((r) => /\.(bpmn|bpmn20\.xml)$/i.test(r.name));
    const parsed: ParsedResource[] = [];
    for (const resource of bpmn) parsed.push(await parseResource(resource));
    return this.db.transaction(async (conn) => {
      const changed = await this.changedResources(conn, command, parsed);
      if (command.enableDuplicateFiltering && changed.length === 0 && command.name) {
        const previous = await latestDeployment(conn, command.name);
        if (previous) return previous;
      }
      const toDeploy = command.deployChangedOnly ? changed : changed.length ? parsed : [];
      return this.insertDeployment(conn, command, toDeploy);
    });
  }

  /** GET /deployment/{id}: the deployment without its definitions, as Camunda answers. */
  async get(id: string): Promise<DeploymentSummaryDto> {
    const [rows] = await this.db.pool.query('SELECT * FROM eng_deployment WHERE id = ?', [id]);
    const row = (rows as DeploymentRow[])[0];
    if (!row) throw notFound(`Deployment with id '${id}' does not exist`);
    const { links, name, source, deploymentTime, tenantId } = deploymentDto(row, null);
    return { links, id, name, source, deploymentTime, tenantId };
  }

  private async changedResources(
    conn: Connection,
    command: DeployCommand,
    parsed: ParsedResource[],
  ): Promise<ParsedResource[]> {
    if (!command.enableDuplicateFiltering) return parsed;
    const changed: ParsedResource[] = [];
    for (const p of parsed) {
      const [rows] = await conn.query(
        `SELECT d.xml_hash FROM eng_process_definition d JOIN eng_deployment dep ON dep.id = d.deployment_id
          WHERE d.def_key = ? AND d.resource_name = ? AND dep.name <=> ? ORDER BY d.version DESC LIMIT 1`,
        [p.processId, p.resource.name, command.name],
      );
      const last = (rows as { xml_hash: string }[])[0];
      if (!last || last.xml_hash !== p.hash) changed.push(p);
    }
    return changed;
  }

  private async insertDeployment(
    conn: Connection,
    command: DeployCommand,
    resources: ParsedResource[],
  ): Promise<DeploymentDto> {
    const id = randomUUID();
    const now = Date.now();
    await conn.query(
      'INSERT INTO eng_deployment (id, name, source, tenant_id, deployment_time) VALUES (?, ?, ?, ?, ?)',
      [id, command.name, command.source, command.tenantId, now],
    );
    const deployed: Record<string, ProcessDefinitionDto> = {};
    for (const p of resources) {
      const row = await insertDefinition(conn, id, p, now);
      deployed[row.id] = toDefinitionDto(row);
    }
    return deploymentDto(
      {
        id,
        name: command.name,
        source: command.source,
        tenant_id: command.tenantId,
        deployment_time: now,
      },
      resources.length ? deployed : null,
    );
  }
}

async function insertDefinition(
  conn: Connection,
  deploymentId: string,
  p: ParsedResource,
  now: number,
): Promise<DefinitionRow> {
  const [rows] = await conn.query(
    'SELECT MAX(version) AS v FROM eng_process_definition WHERE def_key = ? FOR UPDATE',
    [p.processId],
  );
  const version = ((rows as { v: number | null }[])[0]?.v ?? 0) + 1;
  const row: DefinitionRow = {
    id: `${p.processId}:${version}:${randomUUID()}`,
    def_key: p.processId,
    version,
    name: p.processName,
    deployment_id: deploymentId,
    resource_name: p.resource.name,
    version_tag: p.versionTag,
    history_ttl: p.historyTtl,
    category: p.category,
    suspended: 0,
    xml: p.resource.content,
    source_context: p.sourceContext,
    created: now,
  };
  await conn.query(
    `INSERT INTO eng_process_definition (id, def_key, version, name, deployment_id, resource_name, version_tag,
      history_ttl, category, xml_hash, xml, source_context, created) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      row.id,
      row.def_key,
      row.version,
      row.name,
      deploymentId,
      row.resource_name,
      row.version_tag,
      row.history_ttl,
      row.category,
      p.hash,
      row.xml,
      row.source_context,
      now,
    ],
  );
  const model = buildProcessModel(deserializeContext(p.sourceContext));
  for (const start of model.messageStarts) {
    await conn.query(
      'INSERT INTO eng_message_start (definition_id, def_key, version, activity_id, message_id, message_name) VALUES (?, ?, ?, ?, ?, ?)',
      [row.id, row.def_key, version, start.activityId, start.messageId, start.messageName],
    );
  }
  return row;
}

async function latestDeployment(conn: Connection, name: string): Promise<DeploymentDto | null> {
  const [rows] = await conn.query(
    'SELECT * FROM eng_deployment WHERE name = ? ORDER BY deployment_time DESC LIMIT 1',
    [name],
  );
  const row = (rows as DeploymentRow[])[0];
  return row ? deploymentDto(row, null) : null;
}

interface DeploymentRow {
  id: string;
  name: string | null;
  source: string | null;
  tenant_id: string | null;
  deployment_time: number;
}

function deploymentDto(
  row: DeploymentRow,
  deployed: Record<string, ProcessDefinitionDto> | null,
): DeploymentDto {
  return {
    // The REST layer adds the self link to a created deployment; a read one has none.
    links: [],
    id: row.id,
    name: row.name,
    source: row.source,
    deploymentTime: formatCamundaDate(row.deployment_time)!,
    tenantId: row.tenant_id,
    deployedProcessDefinitions: deployed,
    deployedCaseDefinitions: null,
    deployedDecisionDefinitions: null,
    deployedDecisionRequirementsDefinitions: null,
  };
}

async function parseResource(resource: DeploymentResource): Promise<ParsedResource> {
  let parsed;
  try {
    parsed = await parseBpmn(resource.content);
  } catch (err) {
    // Operaton answers XML it cannot read at all with a 500, not a ParseException.
    throw engineError(
      500,
      'ProcessEngineException',
      `ENGINE-09003 Could not parse '${resource.name}'. ${(err as Error).message}`,
    );
  }
  const problems = [...referenceProblems(parsed.warnings), ...(await lintBpmn(parsed.definitions))];
  if (problems.length) throw parseException(resource.name, problems);
  const process = ((parsed.definitions.rootElements as ModdleElement[]) ?? []).find(
    (e) => e.$type === 'bpmn:Process' && e.isExecutable,
  )!;
  return {
    resource,
    hash: createHash('sha256').update(resource.content).digest('hex'),
    processId: process.id!,
    processName: process.name ?? null,
    versionTag: (process.versionTag as string | undefined) ?? null,
    historyTtl: parseTtl(process.historyTimeToLive),
    category: (parsed.definitions.targetNamespace as string | undefined) ?? null,
    sourceContext: serializeContext(parsed),
  };
}

/** References to elements that do not exist (moddle only warns), refused as Operaton does. */
function referenceProblems(warnings: ParsedBpmn['warnings']): LintProblem[] {
  const problems: LintProblem[] = [];
  for (const warning of warnings) {
    const target = /^unresolved reference <(.*)>$/.exec(warning.message)?.[1];
    if (target === undefined) continue;
    const elementId = warning.element?.id ?? '';
    const flow = warning.element?.$type === 'bpmn:SequenceFlow';
    const end = warning.property === 'bpmn:sourceRef' ? 'source' : 'destination';
    problems.push({
      elementId,
      code: 'INVALID_REFERENCE',
      message: flow
        ? `Invalid ${end} '${target}' of sequence flow '${elementId}'`
        : `Unresolved reference '${target}' in ${warning.property ?? 'an attribute'} of '${elementId}'`,
      messageZh: flow
        ? `顺序流 ${elementId} 的${end === 'source' ? '起点' : '终点'} '${target}' 不存在`
        : `${elementId} 引用的 '${target}' 不存在`,
    });
  }
  return problems;
}

function parseTtl(value: unknown): number | null {
  if (value === undefined || value === null || value === '') return null;
  const days = /^P(\d+)D$/.exec(String(value))?.[1] ?? String(value);
  const n = Number(days);
  return Number.isFinite(n) ? n : null;
}

function parseException(resourceName: string, problems: LintProblem[]): EngineRestError {
  const summary = problems
    .map((p) => `\n* ${p.message} | resource ${resourceName} | line 0 | column 0`)
    .join('');
  const errors = problems.map((p) => ({
    message: p.message,
    messageZh: p.messageZh,
    code: p.code,
    line: 0,
    column: 0,
    mainElementId: p.elementId || null,
    elementIds: p.elementId ? [p.elementId] : [],
  }));
  // Operaton's format; the Chinese text of each problem is in details (messageZh).
  return new EngineRestError(
    400,
    'ParseException',
    `ENGINE-09005 Could not parse BPMN process. Errors: ${summary}`,
    { [resourceName]: { errors, warnings: [] } },
    0,
  );
}

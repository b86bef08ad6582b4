import { Inject, Injectable } from '@nestjs/common';
import {
  DomainError,
  fitsValueType,
  type FunctionParamView,
  type FunctionRunView,
  type FunctionView,
  type NamedView,
  normalizeTags,
  type PageView,
} from '@platform/contracts';
import type {
  FunctionBody,
  FunctionListQuery,
  FunctionParamBody,
  FunctionRunBody,
  UpdateFunctionBody,
} from '@platform/contracts/dto';
import { type DataSource, In, Not } from 'typeorm';

import { auditView } from '../common/audit.mapper';
import { contains, isDuplicateEntry } from '../common/commands';
import { namedViews, pageRows, PICKER_LIMIT } from '../common/pages';
import { assertUnused, findOr404 } from '../common/records';
import { WORKFLOW_ENV, type WorkflowEnv } from '../config/env';
import { InjectWorkflowDb } from '../database/inject';
import { FunctionDef } from './function.entity';
import { runInSandbox } from './sandbox';

function functionView(row: FunctionDef): FunctionView {
  return {
    id: Number(row.id),
    name: row.name,
    description: row.description,
    tags: row.tags,
    params: row.params,
    returnType: row.returnType,
    returnDescription: row.returnDescription,
    code: row.code,
    ...auditView(row),
  };
}

/** Parameters as stored: names unique, every field present. */
function paramsOf(params: FunctionParamBody[] | undefined): FunctionParamView[] {
  const seen = new Set<string>();
  return (params ?? []).map((p) => {
    if (seen.has(p.name)) throw new DomainError('function.param_duplicate', { name: p.name });
    seen.add(p.name);
    return {
      name: p.name,
      type: p.type,
      required: p.required ?? false,
      description: p.description ?? '',
    };
  });
}

/** Functions agents call, and their test runs in the sandbox. */
@Injectable()
export class FunctionsService {
  constructor(
    @InjectWorkflowDb() private readonly db: DataSource,
    @Inject(WORKFLOW_ENV) private readonly env: WorkflowEnv,
  ) {}

  private get functions() {
    return this.db.getRepository(FunctionDef);
  }

  async list(query: FunctionListQuery): Promise<PageView<FunctionView>> {
    const qb = this.functions.createQueryBuilder('f').orderBy('f.id', 'DESC');
    if (query.name) qb.andWhere('f.name LIKE :name', { name: contains(query.name) });
    if (query.tag) qb.andWhere('JSON_CONTAINS(f.tags, JSON_QUOTE(:tag))', { tag: query.tag });
    return pageRows(qb, query, functionView);
  }

  async listSimple(): Promise<NamedView[]> {
    const rows = await this.functions.find({
      select: { id: true, name: true },
      order: { name: 'ASC' },
      take: PICKER_LIMIT,
    });
    return namedViews(rows);
  }

  /** Every tag in use, for the tag picker. */
  async tags(): Promise<string[]> {
    const rows = await this.functions.find({ select: { tags: true } });
    return normalizeTags(rows.flatMap((r) => r.tags)).sort();
  }

  async get(id: number): Promise<FunctionView> {
    return functionView(await findOr404(this.db, FunctionDef, id, 'function.not_found'));
  }

  async create(body: FunctionBody, actor: string): Promise<FunctionView> {
    await this.assertNameFree(body.name, 0);
    const row = await this.insertOrUpdate(
      this.functions.create({ ...fieldsOf(body), createBy: actor, updateBy: actor }),
    );
    return this.get(row.id);
  }

  async update(body: UpdateFunctionBody, actor: string): Promise<FunctionView> {
    const row = await findOr404(this.db, FunctionDef, body.id, 'function.not_found');
    await this.assertNameFree(body.name, body.id);
    await this.insertOrUpdate(Object.assign(row, fieldsOf(body, row), { updateBy: actor }));
    return this.get(row.id);
  }

  /** Deletes functions no skill lists. */
  async remove(ids: number[]): Promise<void> {
    await assertUnused(
      this.db,
      ids,
      { table: 'wf_skill', column: 'function_ids' },
      'function.in_use',
    );
    await this.functions.delete({ id: In(ids) });
  }

  /**
   * Runs the code as edited with sample arguments (by parameter name) in the sandbox: arguments are
   * checked against the parameters, then passed in parameter order.
   */
  async run(body: FunctionRunBody): Promise<FunctionRunView> {
    const params = paramsOf(body.params);
    const args = params.map((param) => argumentOf(param, body.args[param.name]));
    const outcome = await runInSandbox(
      { code: body.code, entry: body.name, args },
      {
        timeoutMs: this.env.FUNCTION_TIMEOUT_MS,
        memoryBytes: this.env.FUNCTION_MEMORY_MB * 1024 * 1024,
      },
    );
    if (outcome.status !== 'success') return outcome;
    return {
      ...outcome,
      returnTypeMatches: fitsValueType(outcome.result, body.returnType ?? 'any'),
    };
  }

  private async assertNameFree(name: string, id: number): Promise<void> {
    if (await this.functions.existsBy({ name, id: Not(id) })) {
      throw new DomainError('function.name_taken', { name });
    }
  }

  private async insertOrUpdate(row: FunctionDef): Promise<FunctionDef> {
    try {
      return await this.functions.save(row);
    } catch (error) {
      if (isDuplicateEntry(error)) throw new DomainError('function.name_taken', { name: row.name });
      throw error;
    }
  }
}

/** A sample argument checked against its parameter; an empty form field counts as absent. */
function argumentOf(param: FunctionParamView, value: unknown): unknown {
  if (value === undefined || value === null || value === '') {
    if (param.required) throw new DomainError('function.arg_required', { name: param.name });
    return value === '' && param.type === 'string' ? '' : null;
  }
  if (!fitsValueType(value, param.type)) {
    throw new DomainError('function.arg_type', { name: param.name, type: param.type });
  }
  return value;
}

function fieldsOf(body: FunctionBody, current?: FunctionDef) {
  const tags = normalizeTags(body.tags);
  if (tags.length === 0) throw new DomainError('function.tags_required');
  return {
    name: body.name,
    description: body.description ?? current?.description ?? '',
    tags,
    params: body.params ? paramsOf(body.params) : (current?.params ?? []),
    returnType: body.returnType ?? current?.returnType ?? 'any',
    returnDescription: body.returnDescription ?? current?.returnDescription ?? '',
    code: body.code,
  };
}

import { Injectable } from '@nestjs/common';
import {
  AGENT_TOOL_NAMES,
  type AgentToolName,
  DomainError,
  type NamedView,
  type PageView,
  type SkillView,
  unknownAgentTools,
} from '@platform/contracts';
import type { NameQuery, SkillBody, UpdateSkillBody } from '@platform/contracts/dto';
import { type DataSource, In } from 'typeorm';

import { auditView } from '../common/audit.mapper';
import { contains, unique } from '../common/commands';
import { namedViews, pageRows, PICKER_LIMIT } from '../common/pages';
import { assertIdsExist, assertUnused, findOr404 } from '../common/records';
import { InjectWorkflowDb } from '../database/inject';
import { FunctionDef } from '../functions/function.entity';
import { Skill } from './skill.entity';

function skillView(row: Skill): SkillView {
  return {
    id: Number(row.id),
    name: row.name,
    nameEn: row.nameEn,
    description: row.description,
    descriptionEn: row.descriptionEn,
    instruction: row.instruction,
    functionIds: row.functionIds,
    tools: row.tools ?? [],
    ...auditView(row),
  };
}

/** Skills: an instruction, and the functions and built-in tools an agent with the skill may call. */
@Injectable()
export class SkillsService {
  constructor(@InjectWorkflowDb() private readonly db: DataSource) {}

  private get skills() {
    return this.db.getRepository(Skill);
  }

  async list(query: NameQuery): Promise<PageView<SkillView>> {
    const qb = this.skills.createQueryBuilder('s').orderBy('s.id', 'DESC');
    if (query.name) {
      qb.andWhere('(s.name LIKE :name OR s.nameEn LIKE :name)', { name: contains(query.name) });
    }
    return pageRows(qb, query, skillView);
  }

  async listSimple(): Promise<NamedView[]> {
    const rows = await this.skills.find({
      select: { id: true, name: true, nameEn: true },
      order: { id: 'DESC' },
      take: PICKER_LIMIT,
    });
    return namedViews(rows);
  }

  async get(id: number): Promise<SkillView> {
    return skillView(await findOr404(this.db, Skill, id, 'skill.not_found'));
  }

  async create(body: SkillBody, actor: string): Promise<SkillView> {
    const functionIds = unique(body.functionIds ?? []);
    await assertIdsExist(this.db, FunctionDef, functionIds, 'skill.function_missing');
    const tools = toolsOf(body.tools ?? []);
    const row = await this.skills.save(
      this.skills.create({
        ...fieldsOf(body),
        functionIds,
        tools,
        createBy: actor,
        updateBy: actor,
      }),
    );
    return this.get(row.id);
  }

  async update(body: UpdateSkillBody, actor: string): Promise<SkillView> {
    const row = await findOr404(this.db, Skill, body.id, 'skill.not_found');
    const functionIds = body.functionIds ? unique(body.functionIds) : row.functionIds;
    await assertIdsExist(this.db, FunctionDef, functionIds, 'skill.function_missing');
    const tools = body.tools ? toolsOf(body.tools) : row.tools;
    await this.skills.save(
      Object.assign(row, fieldsOf(body, row), { functionIds, tools, updateBy: actor }),
    );
    return this.get(row.id);
  }

  /** Deletes skills no agent has. */
  async remove(ids: number[]): Promise<void> {
    await assertUnused(this.db, ids, { table: 'wf_agent', column: 'skill_ids' }, 'skill.in_use');
    await this.skills.delete({ id: In(ids) });
  }
}

function fieldsOf(body: SkillBody, current?: Skill) {
  return {
    name: body.name,
    nameEn: body.nameEn ?? current?.nameEn ?? '',
    description: body.description ?? current?.description ?? '',
    descriptionEn: body.descriptionEn ?? current?.descriptionEn ?? '',
    instruction: body.instruction ?? current?.instruction ?? '',
  };
}

/** Known tool names, each once, in the order given (the DTO refuses unknown ones already). */
function toolsOf(names: readonly string[]): AgentToolName[] {
  if (unknownAgentTools(names).length > 0) {
    throw new DomainError('skill.tool_unknown', { tools: AGENT_TOOL_NAMES.join(', ') });
  }
  return unique(names as AgentToolName[]);
}

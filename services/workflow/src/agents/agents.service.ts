import { Injectable } from '@nestjs/common';
import { type AgentView, type NamedView, type PageView } from '@platform/contracts';
import type { AgentBody, AgentListQuery, UpdateAgentBody } from '@platform/contracts/dto';
import { type DataSource, In } from 'typeorm';

import { auditView } from '../common/audit.mapper';
import { contains, unique } from '../common/commands';
import { namedViews, pageRows, PICKER_LIMIT } from '../common/pages';
import { assertIdsExist, assertUnused, findOr404 } from '../common/records';
import { InjectWorkflowDb } from '../database/inject';
import { Skill } from '../skills/skill.entity';
import { Agent } from './agent.entity';

function agentView(row: Agent): AgentView {
  return {
    id: Number(row.id),
    name: row.name,
    nameEn: row.nameEn,
    type: row.type,
    description: row.description,
    descriptionEn: row.descriptionEn,
    instruction: row.instruction,
    skillIds: row.skillIds,
    status: row.status,
    ...auditView(row),
  };
}

/** Agents and the skills they have. */
@Injectable()
export class AgentsService {
  constructor(@InjectWorkflowDb() private readonly db: DataSource) {}

  private get agents() {
    return this.db.getRepository(Agent);
  }

  async list(query: AgentListQuery): Promise<PageView<AgentView>> {
    const qb = this.agents.createQueryBuilder('a').orderBy('a.id', 'DESC');
    if (query.name) {
      qb.andWhere('(a.name LIKE :name OR a.nameEn LIKE :name)', { name: contains(query.name) });
    }
    if (query.type) qb.andWhere('a.type = :type', { type: query.type });
    if (query.status) qb.andWhere('a.status = :status', { status: query.status });
    return pageRows(qb, query, agentView);
  }

  async listSimple(): Promise<NamedView[]> {
    const rows = await this.agents.find({
      select: { id: true, name: true, nameEn: true },
      where: { status: '0' },
      order: { id: 'DESC' },
      take: PICKER_LIMIT,
    });
    return namedViews(rows);
  }

  async get(id: number): Promise<AgentView> {
    return agentView(await findOr404(this.db, Agent, id, 'agent.not_found'));
  }

  async create(body: AgentBody, actor: string): Promise<AgentView> {
    const skillIds = unique(body.skillIds ?? []);
    await assertIdsExist(this.db, Skill, skillIds, 'agent.skill_missing');
    const row = await this.agents.save(
      this.agents.create({
        ...fieldsOf(body),
        skillIds,
        createBy: actor,
        updateBy: actor,
      }),
    );
    return this.get(row.id);
  }

  async update(body: UpdateAgentBody, actor: string): Promise<AgentView> {
    const row = await findOr404(this.db, Agent, body.id, 'agent.not_found');
    const skillIds = body.skillIds ? unique(body.skillIds) : row.skillIds;
    await assertIdsExist(this.db, Skill, skillIds, 'agent.skill_missing');
    await this.agents.save(Object.assign(row, fieldsOf(body, row), { skillIds, updateBy: actor }));
    return this.get(row.id);
  }

  /** Deletes agents no workflow selects. */
  async remove(ids: number[]): Promise<void> {
    await assertUnused(this.db, ids, { table: 'wf_workflow', column: 'agent_ids' }, 'agent.in_use');
    await this.agents.delete({ id: In(ids) });
  }
}

function fieldsOf(body: AgentBody, current?: Agent) {
  return {
    name: body.name,
    nameEn: body.nameEn ?? current?.nameEn ?? '',
    type: body.type ?? current?.type ?? 'Agent',
    description: body.description ?? current?.description ?? '',
    descriptionEn: body.descriptionEn ?? current?.descriptionEn ?? '',
    instruction: body.instruction ?? current?.instruction ?? '',
    status: body.status ?? current?.status ?? '0',
  };
}

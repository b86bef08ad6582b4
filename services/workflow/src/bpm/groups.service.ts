import { Injectable } from '@nestjs/common';
import {
  DomainError,
  type NamedView,
  type PageView,
  type UserGroupView,
} from '@platform/contracts';
import type { NameQuery, UpdateUserGroupBody, UserGroupBody } from '@platform/contracts/dto';
import { type DataSource, In } from 'typeorm';

import { auditView } from '../common/audit.mapper';
import { contains, unique } from '../common/commands';
import { namedViews, pageRows, PICKER_LIMIT } from '../common/pages';
import { findOr404 } from '../common/records';
import { InjectWorkflowDb } from '../database/inject';
import { UserGroup } from './bpm.entities';

function groupView(row: UserGroup): UserGroupView {
  return {
    id: Number(row.id),
    name: row.name,
    description: row.description,
    memberUserIds: row.memberUserIds,
    status: row.status,
    ...auditView(row),
  };
}

/** Work groups: named sets of users (identity's user ids), a dimension of task assignment. */
@Injectable()
export class GroupsService {
  constructor(@InjectWorkflowDb() private readonly db: DataSource) {}

  private get groups() {
    return this.db.getRepository(UserGroup);
  }

  async list(query: NameQuery): Promise<PageView<UserGroupView>> {
    const qb = this.groups.createQueryBuilder('g').orderBy('g.id', 'DESC');
    if (query.name) qb.andWhere('g.name LIKE :name', { name: contains(query.name) });
    return pageRows(qb, query, groupView);
  }

  async listSimple(): Promise<NamedView[]> {
    const rows = await this.groups.find({
      select: { id: true, name: true },
      where: { status: '0' },
      order: { id: 'DESC' },
      take: PICKER_LIMIT,
    });
    return namedViews(rows);
  }

  async get(id: number): Promise<UserGroupView> {
    return groupView(await findOr404(this.db, UserGroup, id, 'bpm.group_not_found'));
  }

  async create(body: UserGroupBody, actor: string): Promise<UserGroupView> {
    const row = await this.groups.save(
      this.groups.create({ ...fieldsOf(body), createBy: actor, updateBy: actor }),
    );
    return this.get(row.id);
  }

  async update(body: UpdateUserGroupBody, actor: string): Promise<UserGroupView> {
    const row = await findOr404(this.db, UserGroup, body.id, 'bpm.group_not_found');
    await this.groups.save(Object.assign(row, fieldsOf(body, row), { updateBy: actor }));
    return this.get(row.id);
  }

  /** Deletes groups no work-group assignment rule names. */
  async remove(ids: number[]): Promise<void> {
    for (const id of ids) {
      const rows: unknown[] = await this.db.query(
        `SELECT id FROM bpm_task_assign_rule WHERE type = 'userGroup' AND JSON_CONTAINS(options, ?) LIMIT 1`,
        [String(id)],
      );
      if (rows.length) throw new DomainError('bpm.group_in_use');
    }
    await this.groups.delete({ id: In(ids) });
  }
}

function fieldsOf(body: UserGroupBody, current?: UserGroup) {
  return {
    name: body.name,
    description: body.description ?? current?.description ?? '',
    memberUserIds: unique(body.memberUserIds),
    status: body.status ?? current?.status ?? '0',
  };
}

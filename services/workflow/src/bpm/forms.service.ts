import { Injectable } from '@nestjs/common';
import type { BpmFormView, NamedView, PageView } from '@platform/contracts';
import { DomainError, formSchemaProblem } from '@platform/contracts';
import type { BpmFormBody, NameQuery, UpdateBpmFormBody } from '@platform/contracts/dto';
import { type DataSource, In } from 'typeorm';

import { auditView } from '../common/audit.mapper';
import { contains } from '../common/commands';
import { namedViews, pageRows, PICKER_LIMIT } from '../common/pages';
import { findOr404 } from '../common/records';
import { InjectWorkflowDb } from '../database/inject';
import { BpmForm, BpmModel } from './bpm.entities';

function formView(row: BpmForm): BpmFormView {
  return {
    id: Number(row.id),
    name: row.name,
    status: row.status,
    fields: row.fields,
    schema: row.schema ?? null,
    conf: row.conf,
    remark: row.remark,
    ...auditView(row),
  };
}

/** Forms of process models (/bpm/manager/form/edit). */
@Injectable()
export class FormsService {
  constructor(@InjectWorkflowDb() private readonly db: DataSource) {}

  private get forms() {
    return this.db.getRepository(BpmForm);
  }

  async list(query: NameQuery): Promise<PageView<BpmFormView>> {
    const qb = this.forms.createQueryBuilder('f').orderBy('f.id', 'DESC');
    if (query.name) qb.andWhere('f.name LIKE :name', { name: contains(query.name) });
    return pageRows(qb, query, formView);
  }

  async listSimple(): Promise<NamedView[]> {
    const rows = await this.forms.find({
      select: { id: true, name: true },
      where: { status: '0' },
      order: { id: 'DESC' },
      take: PICKER_LIMIT,
    });
    return namedViews(rows);
  }

  async get(id: number): Promise<BpmFormView> {
    return formView(await findOr404(this.db, BpmForm, id, 'bpm.form_not_found'));
  }

  async create(body: BpmFormBody, actor: string): Promise<BpmFormView> {
    const row = await this.forms.save(
      this.forms.create({ ...fieldsOf(body), createBy: actor, updateBy: actor }),
    );
    return this.get(row.id);
  }

  async update(body: UpdateBpmFormBody, actor: string): Promise<BpmFormView> {
    const row = await findOr404(this.db, BpmForm, body.id, 'bpm.form_not_found');
    await this.forms.save(Object.assign(row, fieldsOf(body, row), { updateBy: actor }));
    return this.get(row.id);
  }

  /** Deletes forms no model uses. */
  async remove(ids: number[]): Promise<void> {
    const users = await this.db.getRepository(BpmModel).find({
      select: { name: true },
      where: { formId: In(ids) },
      take: 3,
    });
    if (users.length) {
      throw new DomainError('bpm.form_in_use', { names: users.map((m) => m.name).join(', ') });
    }
    await this.forms.delete({ id: In(ids) });
  }
}

function fieldsOf(body: BpmFormBody, current?: BpmForm) {
  if (body.schema) {
    const problem = formSchemaProblem(body.schema);
    if (problem) throw new DomainError(problem.key, 'params' in problem ? problem.params : {});
  }
  return {
    name: body.name,
    status: body.status ?? current?.status ?? '0',
    fields: body.fields ?? current?.fields ?? [],
    // Absent keeps the stored schema (a client that only knows field lists), null drops it.
    schema: body.schema === undefined ? (current?.schema ?? null) : body.schema,
    conf: body.conf ?? current?.conf ?? '',
    remark: body.remark ?? current?.remark ?? '',
  };
}

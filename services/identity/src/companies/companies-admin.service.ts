import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type CompanyView, DomainError, PERMISSIONS as P, ROOT_DEPT_ID } from '@platform/contracts';
import type { Caller, CompanyBody, CompanyQuery } from '@platform/contracts/dto';
import type { DataSource } from 'typeorm';

import { found, isDuplicate, iso, orderBy, type Page, pagedQuery, Where } from '../common/sql';
import { DataScopeService } from '../datascope/data-scope.service';

interface CompanyRow {
  company_id: number;
  company_name: string;
  company_code: string;
  logo: string;
  contact_person: string;
  contact_name: string;
  contact_phone: string;
  dept_id: number | null;
  status: '0' | '1';
  user_count: number;
  create_time: Date;
  remark: string | null;
}

function companyViewOf(r: CompanyRow): CompanyView {
  return {
    companyId: Number(r.company_id),
    companyName: r.company_name,
    companyCode: r.company_code,
    logo: r.logo,
    contactPerson: r.contact_person,
    contactName: r.contact_name,
    contactPhone: r.contact_phone,
    deptId: r.dept_id === null ? null : Number(r.dept_id),
    status: r.status,
    userCount: Number(r.user_count ?? 0),
    createTime: iso(r.create_time) ?? '',
    remark: r.remark,
  };
}

const SELECT = `SELECT c.*, (SELECT COUNT(*) FROM sys_user u WHERE u.company_id = c.company_id AND u.del_flag = '0') AS user_count
  FROM sys_company c`;

/**
 * Companies (tenants). Each has a department under the root that holds its users, so the data
 * scopes of roles apply to companies and their users alike.
 */
@Injectable()
export class CompaniesAdminService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly scopes: DataScopeService,
  ) {}

  async list(query: CompanyQuery, caller: Caller): Promise<Page<CompanyView>> {
    const scope = await this.scopes.scopeOf(caller, P.wujie.company.list);
    const where = new Where()
      .add(`c.del_flag = '0'`)
      .part(this.scopes.companyCondition(scope))
      .like(query.companyName, 'c.company_name')
      .like(query.companyCode, 'c.company_code')
      .when(query.status, 'c.status = ?')
      .range(query.beginTime, query.endTime, 'c.create_time');
    return pagedQuery(
      this.db,
      SELECT,
      'SELECT COUNT(*) AS n FROM sys_company c',
      where,
      orderBy(
        query,
        { companyId: 'c.company_id', createTime: 'c.create_time', userCount: 'user_count' },
        'c.company_id DESC',
      ),
      query,
      companyViewOf,
    );
  }

  async get(companyId: number, caller: Caller): Promise<CompanyView> {
    await this.scopes.assertCompanies(caller, P.wujie.company.query, [companyId]);
    const [row] = await this.db.query(`${SELECT} WHERE c.company_id = ?`, [companyId]);
    return companyViewOf(found(row as CompanyRow | undefined, 'company.not_found'));
  }

  /** Creates the company with its department; only a caller with scope "all" places new departments at the top. */
  async create(body: CompanyBody, caller: Caller, by: string): Promise<{ companyId: number }> {
    await this.scopes.assertDepts(caller, P.wujie.company.add, [ROOT_DEPT_ID]);
    const companyId = await this.db
      .transaction(async (tx) => {
        const dept = (await tx.query(
          `INSERT INTO sys_dept (parent_id, ancestors, dept_name, dept_name_en, order_num, create_by)
           VALUES (?, (SELECT a FROM (SELECT CONCAT(ancestors, ',', dept_id) AS a FROM sys_dept WHERE dept_id = ?) t), ?, ?, 0, ?)`,
          [ROOT_DEPT_ID, ROOT_DEPT_ID, body.companyName.slice(0, 50), body.companyName, by],
        )) as { insertId: number };
        const result = (await tx.query(
          `INSERT INTO sys_company (company_name, company_code, logo, contact_person, contact_name, contact_phone,
             dept_id, status, remark, create_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          [...this.values(body), dept.insertId, body.status ?? '0', body.remark ?? null, by],
        )) as { insertId: number };
        return Number(result.insertId);
      })
      .catch(codeTaken);
    return { companyId };
  }

  async update(body: CompanyBody, caller: Caller, by: string): Promise<void> {
    const company = await this.get(body.companyId!, caller);
    await this.scopes.assertCompanies(caller, P.wujie.company.edit, [company.companyId]);
    await this.db
      .query(
        `UPDATE sys_company SET company_name = ?, company_code = ?, logo = ?, contact_person = ?, contact_name = ?,
           contact_phone = ?, status = ?, remark = ?, update_by = ? WHERE company_id = ?`,
        [...this.values(body), body.status ?? '0', body.remark ?? null, by, company.companyId],
      )
      .catch(codeTaken);
    if (company.deptId)
      await this.db.query('UPDATE sys_dept SET dept_name = ?, dept_name_en = ? WHERE dept_id = ?', [
        body.companyName.slice(0, 50),
        body.companyName,
        company.deptId,
      ]);
  }

  async remove(ids: number[], caller: Caller, by: string): Promise<void> {
    await this.scopes.assertCompanies(caller, P.wujie.company.remove, ids);
    for (const companyId of ids) {
      const company = await this.get(companyId, caller);
      if (company.userCount > 0) throw new DomainError('company.has_users');
      await this.db.query(
        `UPDATE sys_company SET del_flag = '2', update_by = ? WHERE company_id = ?`,
        [by, companyId],
      );
      if (company.deptId)
        await this.db.query(`UPDATE sys_dept SET del_flag = '2' WHERE dept_id = ?`, [
          company.deptId,
        ]);
    }
  }

  private values(body: CompanyBody): unknown[] {
    return [
      body.companyName,
      body.companyCode,
      body.logo ?? '',
      body.contactPerson ?? '',
      body.contactName ?? '',
      body.contactPhone ?? '',
    ];
  }
}

function codeTaken(error: unknown): never {
  throw isDuplicate(error) ? new DomainError('company.code_taken') : error;
}

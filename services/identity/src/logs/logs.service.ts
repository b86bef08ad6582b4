import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  isMessageKey,
  type Language,
  type LoginLogView,
  type OperLogView,
  renderMessage,
  SESSION_KEYS,
} from '@platform/contracts';
import type { LoginLogQuery, OperLogQuery, OperLogRecordBody } from '@platform/contracts/dto';
import type Redis from 'ioredis';
import type { DataSource } from 'typeorm';

import { inList, iso, orderBy, type Page, pagedQuery, Where } from '../common/sql';
import { REDIS } from '../infra/infra.module';

interface OperLogRow {
  oper_id: number;
  title: string;
  title_en: string;
  business_type: number;
  method: string;
  request_method: string;
  oper_name: string;
  dept_name: string;
  oper_url: string;
  oper_ip: string;
  oper_param: string;
  json_result: string;
  status: number;
  error_msg: string;
  oper_time: Date;
  cost_time: number;
}

interface LoginLogRow {
  info_id: number;
  user_name: string;
  ipaddr: string;
  login_location: string;
  browser: string;
  os: string;
  status: '0' | '1';
  msg: string;
  login_time: Date;
}

function operLogViewOf(r: OperLogRow): OperLogView {
  return {
    operId: Number(r.oper_id),
    title: r.title,
    titleEn: r.title_en,
    businessType: Number(r.business_type),
    method: r.method,
    requestMethod: r.request_method,
    operName: r.oper_name,
    deptName: r.dept_name,
    operUrl: r.oper_url,
    operIp: r.oper_ip,
    operParam: r.oper_param,
    jsonResult: r.json_result,
    status: Number(r.status) === 0 ? 0 : 1,
    errorMsg: r.error_msg,
    operTime: iso(r.oper_time) ?? '',
    costTime: Number(r.cost_time),
  };
}

/** The operation log (written for every write through the gateway) and the login log. */
@Injectable()
export class LogsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  async record(entry: OperLogRecordBody): Promise<void> {
    await this.db.query(
      `INSERT IGNORE INTO sys_oper_log (request_id, title, title_en, business_type, method, request_method,
         oper_name, oper_user_id, dept_name, oper_url, oper_ip, oper_param, json_result, status, error_msg, cost_time)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, COALESCE((SELECT dept_name FROM sys_dept WHERE dept_id = ?), ''), ?, ?, ?, ?, ?, ?, ?)`,
      [
        entry.requestId,
        entry.title,
        entry.titleEn,
        entry.businessType,
        entry.method,
        entry.requestMethod,
        entry.operName,
        entry.operUserId,
        entry.deptId,
        entry.operUrl,
        entry.operIp,
        entry.operParam,
        entry.jsonResult,
        entry.status,
        entry.errorMsg,
        entry.costTime,
      ],
    );
  }

  operWhere(query: OperLogQuery): Where {
    return new Where()
      .when(
        query.title,
        '(o.title LIKE ? OR o.title_en LIKE ?)',
        `%${query.title}%`,
        `%${query.title}%`,
      )
      .like(query.operName, 'o.oper_name')
      .when(query.businessType, 'o.business_type = ?')
      .when(query.status, 'o.status = ?')
      .like(query.operIp, 'o.oper_ip')
      .range(query.beginTime, query.endTime, 'o.oper_time');
  }

  listOper(query: OperLogQuery): Promise<Page<OperLogView>> {
    return pagedQuery(
      this.db,
      'SELECT o.* FROM sys_oper_log o',
      'SELECT COUNT(*) AS n FROM sys_oper_log o',
      this.operWhere(query),
      orderBy(
        query,
        {
          operId: 'o.oper_id',
          operTime: 'o.oper_time',
          costTime: 'o.cost_time',
          operName: 'o.oper_name',
        },
        'o.oper_id DESC',
      ),
      query,
      operLogViewOf,
    );
  }

  /** One export page (keyset on the id). */
  async exportOper(query: OperLogQuery): Promise<OperLogView[]> {
    const where = this.operWhere(query).add('o.oper_id > ?', query.afterId ?? 0);
    const rows: OperLogRow[] = await this.db.query(
      `SELECT o.* FROM sys_oper_log o ${where.sql} ORDER BY o.oper_id LIMIT ?`,
      [...where.params, query.pageSize ?? 500],
    );
    return rows.map(operLogViewOf);
  }

  async removeOper(ids: number[]): Promise<void> {
    await this.db.query(`DELETE FROM sys_oper_log WHERE oper_id IN (${inList(ids)})`, ids);
  }

  async cleanOper(olderThanDays?: number): Promise<number> {
    const result = (await this.db.query(
      olderThanDays === undefined
        ? 'DELETE FROM sys_oper_log'
        : 'DELETE FROM sys_oper_log WHERE oper_time < NOW(3) - INTERVAL ? DAY',
      olderThanDays === undefined ? [] : [olderThanDays],
    )) as { affectedRows: number };
    return Number(result.affectedRows ?? 0);
  }

  loginWhere(query: LoginLogQuery): Where {
    return new Where()
      .like(query.userName, 'l.user_name')
      .like(query.ipaddr, 'l.ipaddr')
      .when(query.status, 'l.status = ?')
      .range(query.beginTime, query.endTime, 'l.login_time');
  }

  listLogin(query: LoginLogQuery, lang: Language): Promise<Page<LoginLogView>> {
    return pagedQuery(
      this.db,
      'SELECT l.* FROM sys_logininfor l',
      'SELECT COUNT(*) AS n FROM sys_logininfor l',
      this.loginWhere(query),
      orderBy(
        query,
        { infoId: 'l.info_id', loginTime: 'l.login_time', userName: 'l.user_name' },
        'l.info_id DESC',
      ),
      query,
      (row: LoginLogRow) => loginLogViewOf(row, lang),
    );
  }

  async exportLogin(query: LoginLogQuery, lang: Language): Promise<LoginLogView[]> {
    const where = this.loginWhere(query).add('l.info_id > ?', query.afterId ?? 0);
    const rows: LoginLogRow[] = await this.db.query(
      `SELECT l.* FROM sys_logininfor l ${where.sql} ORDER BY l.info_id LIMIT ?`,
      [...where.params, query.pageSize ?? 500],
    );
    return rows.map((row) => loginLogViewOf(row, lang));
  }

  async removeLogin(ids: number[]): Promise<void> {
    await this.db.query(`DELETE FROM sys_logininfor WHERE info_id IN (${inList(ids)})`, ids);
  }

  async cleanLogin(olderThanDays?: number): Promise<number> {
    const result = (await this.db.query(
      olderThanDays === undefined
        ? 'DELETE FROM sys_logininfor'
        : 'DELETE FROM sys_logininfor WHERE login_time < NOW(3) - INTERVAL ? DAY',
      olderThanDays === undefined ? [] : [olderThanDays],
    )) as { affectedRows: number };
    return Number(result.affectedRows ?? 0);
  }

  /** Lifts the wrong-password lock of an account at once. */
  async unlock(userName: string): Promise<void> {
    await this.redis.del(SESSION_KEYS.passwordErrors(userName));
  }
}

function loginLogViewOf(r: LoginLogRow, lang: Language): LoginLogView {
  return {
    infoId: Number(r.info_id),
    userName: r.user_name,
    ipaddr: r.ipaddr,
    loginLocation: r.login_location,
    browser: r.browser,
    os: r.os,
    status: r.status,
    msg: isMessageKey(r.msg) ? renderMessage(r.msg, lang, { count: '', minutes: '' }) : r.msg,
    loginTime: iso(r.login_time) ?? '',
  };
}

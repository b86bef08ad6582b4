import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DomainError, type OnlineView } from '@platform/contracts';
import type { OnlineQuery } from '@platform/contracts/dto';
import { SessionStore } from '@platform/nest-common';
import type { DataSource } from 'typeorm';

import { inList } from '../common/sql';

/** Online users are the live sessions in Redis; force logout removes one. */
@Injectable()
export class OnlineService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly sessions: SessionStore,
  ) {}

  async list(query: OnlineQuery): Promise<{ rows: OnlineView[]; total: number }> {
    const sessions = (await this.sessions.listAll())
      .filter((s) => !query.ipaddr || s.ipaddr.includes(query.ipaddr))
      .filter((s) => !query.userName || s.userName.includes(query.userName))
      .sort((a, b) => b.loginTime - a.loginTime);
    const deptIds = [
      ...new Set(sessions.map((s) => s.deptId).filter((d): d is number => d !== null)),
    ];
    const depts = deptIds.length
      ? ((await this.db.query(
          `SELECT dept_id, dept_name FROM sys_dept WHERE dept_id IN (${inList(deptIds)})`,
          deptIds,
        )) as { dept_id: number; dept_name: string }[])
      : [];
    const deptName = new Map(depts.map((d) => [Number(d.dept_id), d.dept_name]));
    const rows = sessions.map((s) => ({
      tokenId: s.tokenId,
      userName: s.userName,
      nickName: s.nickName,
      deptName: s.deptId === null ? '' : (deptName.get(s.deptId) ?? ''),
      ipaddr: s.ipaddr,
      loginLocation: '',
      browser: s.browser,
      os: s.os,
      loginTime: s.loginTime,
      expireTime: s.expireTime,
    }));
    return { rows, total: rows.length };
  }

  async forceLogout(tokenId: string): Promise<void> {
    const removed = await this.sessions.remove(tokenId);
    if (!removed) throw new DomainError('online.not_found');
  }
}

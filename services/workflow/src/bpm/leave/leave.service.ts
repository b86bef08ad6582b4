import { Injectable } from '@nestjs/common';
import {
  DomainError,
  type OaLeaveView,
  type PageView,
  type ProcessInstanceStatus,
} from '@platform/contracts';
import type { Caller, LeaveCreateBody, LeavePageQuery } from '@platform/contracts/dto';
import type { DataSource } from 'typeorm';

import { iso, pageOf } from '../../common/commands';
import { InjectWorkflowDb } from '../../database/inject';
import { BpmModel } from '../bpm.entities';
import { ProcessInstancesService } from '../process-instances.service';
import { LEAVE_PROCESS_KEY } from './leave-process';

const DAY_MS = 86_400_000;

interface LeaveRow {
  id: string;
  user_id: string;
  type: string;
  reason: string;
  start_text: string;
  end_text: string;
  days: number;
  process_instance_id: string | null;
  create_time: Date;
  status: ProcessInstanceStatus | null;
}

/** `yyyy-MM-dd HH:mm:ss` as a wall-clock instant, only to count the days between two. */
const toDate = (text: string) => new Date(`${text.replace(' ', 'T')}Z`);

function leaveView(row: LeaveRow): OaLeaveView {
  return {
    id: Number(row.id),
    userId: Number(row.user_id),
    type: row.type,
    reason: row.reason,
    startTime: row.start_text,
    endTime: row.end_text,
    days: Number(row.days),
    status: row.status ?? 'running',
    processInstanceId: row.process_instance_id,
    createTime: iso(row.create_time),
  };
}

// The times as written: no session time zone shifts a wall-clock leave.
const SELECT = `SELECT l.*, x.status, DATE_FORMAT(l.start_time, '%Y-%m-%d %H:%i:%s') AS start_text,
    DATE_FORMAT(l.end_time, '%Y-%m-%d %H:%i:%s') AS end_text FROM bpm_oa_leave l
  LEFT JOIN bpm_process_instance_ext x ON x.process_instance_id = l.process_instance_id`;

/**
 * The leave example (RuoYi-Vue-Pro's OA leave): a request is a row of its own and an instance of
 * the seeded leave process, started as the applicant with the days as a Long the gateway compares;
 * its status is the instance's (approved, rejected, cancelled), read through bpm_process_instance_ext.
 */
@Injectable()
export class LeaveService {
  constructor(
    @InjectWorkflowDb() private readonly db: DataSource,
    private readonly instances: ProcessInstancesService,
  ) {}

  async create(body: LeaveCreateBody, caller: Caller): Promise<number> {
    const start = toDate(body.startTime);
    const end = toDate(body.endTime);
    if (!(end.getTime() > start.getTime())) throw new DomainError('bpm.leave_time_order');
    const days = Math.floor((end.getTime() - start.getTime()) / DAY_MS);
    const model = await this.db.getRepository(BpmModel).findOneBy({ key: LEAVE_PROCESS_KEY });
    if (!model?.processDefinitionId) throw new DomainError('bpm.leave_not_deployed');
    // Refused before the request's row exists, so a suspended process leaves no orphan request.
    await this.instances.startable(model.processDefinitionId);
    const inserted = (await this.db.query(
      `INSERT INTO bpm_oa_leave (user_id, type, reason, start_time, end_time, days)
        VALUES (?, ?, ?, ?, ?, ?)`,
      [caller.userId, body.type, body.reason, body.startTime, body.endTime, days],
    )) as { insertId: number };
    const id = Number(inserted.insertId);
    const instanceId = await this.instances.create(
      {
        processDefinitionId: model.processDefinitionId,
        variables: { ...body, days, leaveId: id },
      },
      caller,
    );
    await this.db.query('UPDATE bpm_oa_leave SET process_instance_id = ? WHERE id = ?', [
      instanceId,
      id,
    ]);
    return id;
  }

  /** The applicant's, an administrator's, or an approver's (who may see its instance). */
  async get(id: number, caller: Caller): Promise<OaLeaveView> {
    const [found]: LeaveRow[] = await this.db.query(`${SELECT} WHERE l.id = ?`, [id]);
    if (!found) throw new DomainError('bpm.leave_not_found', {}, 404);
    if (found.process_instance_id) {
      const own = Number(found.user_id) === caller.userId || caller.admin;
      if (!own) await this.instances.visible(found.process_instance_id, caller);
      await this.instances.settle(found.process_instance_id);
    }
    const [row]: LeaveRow[] = await this.db.query(`${SELECT} WHERE l.id = ?`, [id]);
    return leaveView(row);
  }

  /** The caller's own requests, newest first. */
  async page(query: LeavePageQuery, caller: Caller): Promise<PageView<OaLeaveView>> {
    await this.instances.settleRunning(caller.userId);
    const where = ['l.user_id = ?'];
    const params: unknown[] = [caller.userId];
    if (query.status) {
      where.push("COALESCE(x.status, 'running') = ?");
      params.push(query.status);
    }
    if (query.type) {
      where.push('l.type = ?');
      params.push(query.type);
    }
    const clause = where.join(' AND ');
    const { skip, take } = pageOf(query);
    const rows: LeaveRow[] = await this.db.query(
      `${SELECT} WHERE ${clause} ORDER BY l.id DESC LIMIT ? OFFSET ?`,
      [...params, take, skip],
    );
    const [{ n }] = await this.db.query(
      `SELECT COUNT(*) AS n FROM bpm_oa_leave l
        LEFT JOIN bpm_process_instance_ext x ON x.process_instance_id = l.process_instance_id
        WHERE ${clause}`,
      params,
    );
    return { rows: rows.map(leaveView), total: Number(n) };
  }
}

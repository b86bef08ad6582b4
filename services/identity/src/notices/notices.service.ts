import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type NoticeView, PLATFORM_EVENTS } from '@platform/contracts';
import type { Caller, NoticeBody, NoticeQuery, PageQueryBody } from '@platform/contracts/dto';
import type { DataSource, EntityManager } from 'typeorm';

import { sanitizeRichText } from '../common/rich-text';
import { found, inList, iso, orderBy, type Page, pagedQuery, Where } from '../common/sql';

interface NoticeRow {
  notice_id: number;
  notice_title: string;
  notice_type: '1' | '2';
  notice_content: string;
  status: '0' | '1';
  create_by: string;
  create_time: Date;
  read_count?: number;
  is_read?: number;
}

function noticeViewOf(r: NoticeRow): NoticeView {
  return {
    noticeId: Number(r.notice_id),
    noticeTitle: r.notice_title,
    noticeType: r.notice_type,
    noticeContent: r.notice_content,
    status: r.status,
    createBy: r.create_by,
    createTime: iso(r.create_time) ?? '',
    ...(r.read_count === undefined ? {} : { readCount: Number(r.read_count) }),
    ...(r.is_read === undefined ? {} : { read: Number(r.is_read) > 0 }),
  };
}

/** Notices: rich text sanitised on the way in, and who has read each one. */
@Injectable()
export class NoticesService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  list(query: NoticeQuery): Promise<Page<NoticeView>> {
    const where = new Where()
      .like(query.noticeTitle, 'n.notice_title')
      .when(query.noticeType, 'n.notice_type = ?')
      .like(query.createBy, 'n.create_by')
      .when(query.status, 'n.status = ?');
    return pagedQuery(
      this.db,
      `SELECT n.*, (SELECT COUNT(*) FROM sys_notice_read r WHERE r.notice_id = n.notice_id) AS read_count
         FROM sys_notice n`,
      'SELECT COUNT(*) AS n FROM sys_notice n',
      where,
      orderBy(query, { noticeId: 'n.notice_id', createTime: 'n.create_time' }, 'n.notice_id DESC'),
      query,
      noticeViewOf,
    );
  }

  async get(noticeId: number): Promise<NoticeView> {
    const [row] = await this.db.query('SELECT * FROM sys_notice WHERE notice_id = ?', [noticeId]);
    return noticeViewOf(found(row as NoticeRow | undefined, 'notice.not_found'));
  }

  async create(body: NoticeBody, by: string): Promise<{ noticeId: number }> {
    const content = sanitizeRichText(body.noticeContent);
    return this.db.transaction(async (tx) => {
      const result = (await tx.query(
        `INSERT INTO sys_notice (notice_title, notice_type, notice_content, status, create_by) VALUES (?, ?, ?, ?, ?)`,
        [body.noticeTitle, body.noticeType, content, body.status ?? '0', by],
      )) as { insertId: number };
      const noticeId = Number(result.insertId);
      if ((body.status ?? '0') === '0')
        await this.announce(tx, noticeId, body.noticeTitle, content);
      return { noticeId };
    });
  }

  /**
   * A notice published (status normal) becomes every user's in-app message: the event goes to the
   * outbox in the transaction of the change, once per notice (its key is the notice id, so saving a
   * published notice again, or publishing it after closing it, announces nothing new).
   */
  private async announce(tx: EntityManager, noticeId: number, title: string, content: string) {
    const payload = { noticeId, title, titleEn: title, content, all: true };
    await tx.query(
      'INSERT IGNORE INTO event_outbox (event_type, idempotency_key, payload) VALUES (?, ?, ?)',
      [
        PLATFORM_EVENTS.noticePublished,
        `${PLATFORM_EVENTS.noticePublished}:${noticeId}`,
        JSON.stringify(payload),
      ],
    );
  }

  async update(body: NoticeBody, by: string): Promise<void> {
    await this.get(body.noticeId!);
    const content = sanitizeRichText(body.noticeContent);
    await this.db.transaction(async (tx) => {
      await tx.query(
        `UPDATE sys_notice SET notice_title = ?, notice_type = ?, notice_content = ?, status = ?, update_by = ?
          WHERE notice_id = ?`,
        [body.noticeTitle, body.noticeType, content, body.status ?? '0', by, body.noticeId],
      );
      if ((body.status ?? '0') === '0')
        await this.announce(tx, body.noticeId!, body.noticeTitle, content);
    });
  }

  async remove(ids: number[]): Promise<void> {
    await this.db.query(`DELETE FROM sys_notice WHERE notice_id IN (${inList(ids)})`, ids);
    await this.db.query(`DELETE FROM sys_notice_read WHERE notice_id IN (${inList(ids)})`, ids);
  }

  /** Open notices for a signed-in user, each with whether they have read it, and the unread count. */
  async mine(query: PageQueryBody, caller: Caller): Promise<Page<NoticeView> & { unread: number }> {
    const where = new Where().add(`n.status = '0'`);
    const page = await pagedQuery(
      this.db,
      `SELECT n.*, EXISTS (SELECT 1 FROM sys_notice_read r WHERE r.notice_id = n.notice_id AND r.user_id = ${Number(caller.userId)}) AS is_read
         FROM sys_notice n`,
      'SELECT COUNT(*) AS n FROM sys_notice n',
      where,
      'ORDER BY n.notice_id DESC',
      query,
      noticeViewOf,
    );
    const [unread] = (await this.db.query(
      `SELECT COUNT(*) AS n FROM sys_notice n WHERE n.status = '0'
          AND NOT EXISTS (SELECT 1 FROM sys_notice_read r WHERE r.notice_id = n.notice_id AND r.user_id = ?)`,
      [caller.userId],
    )) as { n: number }[];
    return { ...page, unread: Number(unread.n) };
  }

  /** Marks a notice read by the caller (idempotent); returns it. */
  async read(noticeId: number, caller: Caller): Promise<NoticeView> {
    const notice = await this.get(noticeId);
    await this.db.query('INSERT IGNORE INTO sys_notice_read (notice_id, user_id) VALUES (?, ?)', [
      noticeId,
      caller.userId,
    ]);
    return { ...notice, read: true };
  }
}

import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { RichTextView } from '@platform/contracts';
import type { RichTextBody, RichTextQuery } from '@platform/contracts/dto';
import type { DataSource } from 'typeorm';

import { sanitizeRichText } from '../common/rich-text';
import { found, inList, iso, orderBy, type Page, pagedQuery, Where } from '../common/sql';

interface RichTextRow {
  id: number;
  name: string;
  content: string;
  create_by: string;
  create_time: Date;
  update_time: Date | null;
}

function richTextViewOf(r: RichTextRow): RichTextView {
  return {
    id: Number(r.id),
    name: r.name,
    content: r.content,
    createBy: r.create_by,
    createTime: iso(r.create_time) ?? '',
    updateTime: iso(r.update_time),
  };
}

/** Rich text items (name and sanitised content) used by pages such as the agreement. */
@Injectable()
export class RichTextService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  list(query: RichTextQuery): Promise<Page<RichTextView>> {
    const where = new Where().like(query.name, 't.name');
    return pagedQuery(
      this.db,
      'SELECT t.* FROM wj_rich_text t',
      'SELECT COUNT(*) AS n FROM wj_rich_text t',
      where,
      orderBy(query, { id: 't.id', createTime: 't.create_time' }, 't.id DESC'),
      query,
      richTextViewOf,
    );
  }

  async get(id: number): Promise<RichTextView> {
    const [row] = await this.db.query('SELECT * FROM wj_rich_text WHERE id = ?', [id]);
    return richTextViewOf(found(row as RichTextRow | undefined, 'richtext.not_found'));
  }

  async create(body: RichTextBody, by: string): Promise<{ id: number }> {
    const result = (await this.db.query(
      'INSERT INTO wj_rich_text (name, content, create_by) VALUES (?, ?, ?)',
      [body.name, sanitizeRichText(body.content), by],
    )) as { insertId: number };
    return { id: Number(result.insertId) };
  }

  async update(body: RichTextBody, by: string): Promise<void> {
    await this.get(body.id!);
    await this.db.query(
      'UPDATE wj_rich_text SET name = ?, content = ?, update_by = ? WHERE id = ?',
      [body.name, sanitizeRichText(body.content), by, body.id],
    );
  }

  async remove(ids: number[]): Promise<void> {
    await this.db.query(`DELETE FROM wj_rich_text WHERE id IN (${inList(ids)})`, ids);
  }
}

import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DomainError, type PostView } from '@platform/contracts';
import type { PostBody, PostQuery } from '@platform/contracts/dto';
import type { DataSource } from 'typeorm';

import { found, inList, isDuplicate, orderBy, type Page, pagedQuery, Where } from '../common/sql';
import { postViewOf } from '../users/users-admin.service';

const POST_SORT: Record<string, string> = {
  postId: 'p.post_id',
  postSort: 'p.post_sort',
  postCode: 'p.post_code',
  createTime: 'p.create_time',
};

/** Posts (job positions) users can hold. */
@Injectable()
export class PostsService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  list(query: PostQuery): Promise<Page<PostView>> {
    const where = new Where()
      .like(query.postCode, 'p.post_code')
      .like(query.postName, 'p.post_name')
      .when(query.status, 'p.status = ?');
    return pagedQuery(
      this.db,
      'SELECT p.* FROM sys_post p',
      'SELECT COUNT(*) AS n FROM sys_post p',
      where,
      orderBy(query, POST_SORT, 'p.post_sort, p.post_id'),
      query,
      postViewOf,
    );
  }

  async options(): Promise<PostView[]> {
    const rows = await this.db.query(
      `SELECT * FROM sys_post WHERE status = '0' ORDER BY post_sort`,
    );
    return (rows as Parameters<typeof postViewOf>[0][]).map(postViewOf);
  }

  async get(postId: number): Promise<PostView> {
    const [row] = await this.db.query('SELECT * FROM sys_post WHERE post_id = ?', [postId]);
    return postViewOf(found(row, 'post.not_found'));
  }

  async create(body: PostBody, by: string): Promise<{ postId: number }> {
    await this.assertNameFree(body.postName, 0);
    const result = (await this.db
      .query(
        `INSERT INTO sys_post (post_code, post_name, post_name_en, post_sort, status, remark, create_by)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
        [...postValues(body), by],
      )
      .catch(codeTaken)) as { insertId: number };
    return { postId: Number(result.insertId) };
  }

  async update(body: PostBody, by: string): Promise<void> {
    await this.get(body.postId!);
    await this.assertNameFree(body.postName, body.postId!);
    await this.db
      .query(
        `UPDATE sys_post SET post_code = ?, post_name = ?, post_name_en = ?, post_sort = ?, status = ?, remark = ?,
           update_by = ? WHERE post_id = ?`,
        [...postValues(body), by, body.postId],
      )
      .catch(codeTaken);
  }

  async remove(ids: number[]): Promise<void> {
    for (const postId of ids) {
      const post = await this.get(postId);
      const [used] = (await this.db.query(
        `SELECT COUNT(*) AS n FROM sys_user_post up JOIN sys_user u ON u.user_id = up.user_id
          WHERE up.post_id = ? AND u.del_flag = '0'`,
        [postId],
      )) as { n: number }[];
      if (Number(used.n) > 0) throw new DomainError('post.in_use', { name: post.postName });
    }
    await this.db.query(`DELETE FROM sys_post WHERE post_id IN (${inList(ids)})`, ids);
  }

  private async assertNameFree(name: string, exceptId: number): Promise<void> {
    const [row] = (await this.db.query(
      'SELECT COUNT(*) AS n FROM sys_post WHERE post_name = ? AND post_id <> ?',
      [name, exceptId],
    )) as { n: number }[];
    if (Number(row.n) > 0) throw new DomainError('post.name_taken');
  }
}

function postValues(body: PostBody): unknown[] {
  return [
    body.postCode,
    body.postName,
    body.postNameEn ?? '',
    body.postSort,
    body.status ?? '0',
    body.remark ?? null,
  ];
}

function codeTaken(error: unknown): never {
  throw isDuplicate(error) ? new DomainError('post.code_taken') : error;
}

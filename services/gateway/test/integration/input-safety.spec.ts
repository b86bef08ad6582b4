import { identityStarter } from '@platform/identity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  ADMIN_PASSWORD,
  api,
  login,
  setCaptcha,
  startStack,
  type TestStack,
} from '../support/stack';

// Issue 25, input that cannot hurt: every body, query and link is refused with 400 in the envelope,
// in the caller's language, when it is too deep, not valid text, or a link that could run script.

const TOO_DEEP = {
  code: 500,
  msg: 'The request body is nested too deeply (at most 64 levels)',
};
const INVALID_TEXT = {
  code: 500,
  msg: 'The request contains invalid characters (a NUL character or invalid UTF-8)',
};
const UNSAFE_LINK = 'A link must be an http(s) address or an in-app path (starting with /)';

/** `depth` nested arrays around a number, as JSON text. */
const nested = (depth: number) => `${'['.repeat(depth)}1${']'.repeat(depth)}`;

describe('input that cannot hurt', () => {
  let stack: TestStack;
  let token: string;

  beforeAll(async () => {
    stack = await startStack([identityStarter]);
    await setCaptcha(stack, false);
    token = await login(stack, 'admin', ADMIN_PASSWORD);
  });
  afterAll(() => stack.close());

  const postJson = (path: string, body: string | Buffer, lang = 'en') =>
    api(stack)
      .post(`/prod-api${path}?lang=${lang}`)
      .set('Authorization', `Bearer ${token}`)
      .set('repeatSubmit', 'false')
      .set('content-type', 'application/json')
      // Bytes as they are: superagent would otherwise serialise a Buffer as JSON.
      .serialize((raw: unknown) => raw as string)
      .send(body);

  async function noticeCount(title: string): Promise<number> {
    const [rows] = await stack.db.query(
      'SELECT COUNT(*) AS n FROM sys_notice WHERE notice_title LIKE ?',
      [`${title}%`],
    );
    return Number((rows as { n: number }[])[0].n);
  }

  it('should refuse a body nested 100,000 deep with 400 in the envelope, in the language asked', async () => {
    const deep = `{"username": "admin", "password": ${nested(100_000)}}`;
    const en = await api(stack)
      .post('/prod-api/login?lang=en')
      .set('content-type', 'application/json')
      .send(deep);
    expect(en.status).toBe(400);
    expect(en.body).toEqual(TOO_DEEP);
    const zh = await postJson('/system/notice', deep, 'zh');
    expect(zh.status).toBe(400);
    expect(zh.body).toEqual({ code: 500, msg: '请求内容嵌套过深（最多 64 层）' });
  });

  it('should accept a body 64 levels deep, and refuse one 65 deep', async () => {
    // The unknown field is dropped by validation after the parser let the whole body through.
    const body = `{"noticeTitle": "Deep", "noticeType": "1", "noticeContent": "<p>x</p>", "extra": ${nested(63)}}`;
    const res = await postJson('/system/notice', body);
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(200);
    expect(await noticeCount('Deep')).toBe(1);
    expect((await postJson('/system/notice', nested(64))).body.msg).not.toBe(TOO_DEEP.msg);
    expect((await postJson('/system/notice', nested(65))).body).toEqual(TOO_DEEP);
  });

  it('should refuse a NUL character in a title, and store nothing', async () => {
    const res = await postJson(
      '/system/notice',
      JSON.stringify({ noticeTitle: 'Nul\u0000title', noticeType: '1', noticeContent: '<p>x</p>' }),
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual(INVALID_TEXT);
    expect(await noticeCount('Nul')).toBe(0);
  });

  it('should refuse an unpaired surrogate and a NUL in a key', async () => {
    const lone = '{"noticeTitle": "Lone \\ud800", "noticeType": "1", "noticeContent": "<p>x</p>"}';
    expect((await postJson('/system/notice', lone)).body).toEqual(INVALID_TEXT);
    const key = '{"noticeTitle\\u0000": "x", "noticeType": "1", "noticeContent": "<p>x</p>"}';
    expect((await postJson('/system/notice', key)).status).toBe(400);
    // A well-formed pair (an emoji) is text like any other.
    const emoji = JSON.stringify({
      noticeTitle: 'Emoji 😀',
      noticeType: '1',
      noticeContent: '<p>x</p>',
    });
    expect((await postJson('/system/notice', emoji)).body.code).toBe(200);
  });

  it('should refuse bytes that are not UTF-8, in the body and the language asked', async () => {
    const bytes = Buffer.concat([
      Buffer.from('{"noticeTitle": "Bad '),
      Buffer.from([0xff, 0xfe, 0xc3]),
      Buffer.from('", "noticeType": "1", "noticeContent": "<p>x</p>"}'),
    ]);
    const res = await postJson('/system/notice', bytes);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(INVALID_TEXT);
    const zh = await postJson('/system/notice', bytes, 'zh');
    expect(zh.body).toEqual({ code: 500, msg: '请求中含有无效字符（空字符或无效的 UTF-8 编码）' });
    expect(await noticeCount('Bad')).toBe(0);
  });

  it('should refuse a NUL character in the query string', async () => {
    const res = await api(stack)
      .get('/prod-api/system/notice/list?lang=en&noticeTitle=a%00b')
      .set('Authorization', `Bearer ${token}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(INVALID_TEXT);
  });

  it('should refuse a NUL character in the name of an uploaded file', async () => {
    const res = await api(stack)
      .post('/prod-api/common/upload?lang=en')
      .set('Authorization', `Bearer ${token}`)
      .attach('file', Buffer.from('plain notes'), 'notes\u0000.txt');
    expect(res.status).toBe(400);
    expect(res.body).toEqual(INVALID_TEXT);
  });

  it('should refuse a javascript: link on an in-app message, field by field', async () => {
    for (const link of ['javascript:alert(1)', 'data:text/html,x', '//evil.example']) {
      const res = await postJson(
        '/wujie/message',
        JSON.stringify({
          userId: 1,
          title: '标题',
          titleEn: 'Title',
          content: '内容',
          contentEn: 'Content',
          link,
        }),
      );
      expect(res.status, link).toBe(400);
      expect(res.body.data.errors).toEqual([{ field: 'link', msg: UNSAFE_LINK }]);
    }
  });

  it('should refuse a javascript: link in a notice, and keep safe links', async () => {
    const notice = (title: string, content: string) =>
      postJson(
        '/system/notice',
        JSON.stringify({ noticeTitle: title, noticeType: '1', noticeContent: content }),
      );
    const bad = await notice('Link bad', '<p><a href="javascript:alert(1)">click</a></p>');
    expect(bad.status).toBe(400);
    expect(bad.body.data.errors).toEqual([{ field: 'noticeContent', msg: UNSAFE_LINK }]);
    const encoded = await notice('Link bad', '<a href="&#106;avascript:alert(1)">x</a>');
    expect(encoded.status).toBe(400);
    expect(await noticeCount('Link bad')).toBe(0);
    const good = await notice(
      'Link good',
      '<p><a href="https://example.com">a</a> <a href="/mission">b</a> <a href="mailto:x@y.z">c</a></p>',
    );
    expect(good.body.code).toBe(200);
    // The other rich text (agreement pages and the like) follows the same rule.
    const page = await postJson(
      '/wujie/richtext',
      JSON.stringify({ name: 'Link page', content: '<a href="vbscript:msgbox(1)">x</a>' }),
    );
    expect(page.status).toBe(400);
    expect(page.body.data.errors).toEqual([{ field: 'content', msg: UNSAFE_LINK }]);
  });
});

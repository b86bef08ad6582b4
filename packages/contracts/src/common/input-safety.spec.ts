import { describe, expect, it } from 'vitest';

import {
  findUnsafeHtmlLink,
  findUnsafeText,
  hasUnsafeText,
  isSafeLink,
  jsonNestingExceeds,
} from './input-safety';

describe('jsonNestingExceeds', () => {
  const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

  it('should accept 64 levels and refuse 65', () => {
    expect(jsonNestingExceeds(nested(64))).toBe(false);
    expect(jsonNestingExceeds(nested(65))).toBe(true);
  });

  it('should not count brackets inside strings, escaped quotes included', () => {
    expect(jsonNestingExceeds(JSON.stringify({ a: '['.repeat(100), b: '\\"[[[' }))).toBe(false);
  });

  it('should scan 100,000 levels without overflowing the stack', () => {
    expect(jsonNestingExceeds(nested(100_000))).toBe(true);
  });
});

describe('unsafe text', () => {
  it.each([
    ['a\u0000b', true],
    ['\ud800', true],
    ['x\udc00', true],
    ['😀 emoji pair', false],
    ['中文', false],
  ])('%j → %s', (value, unsafe) => expect(hasUnsafeText(value)).toBe(unsafe));

  it('should find unsafe keys and values at any depth', () => {
    expect(findUnsafeText({ a: [{ b: 'ok' }, { c: 'x\u0000' }] })).toBe('x\u0000');
    expect(findUnsafeText({ ['k\u0000']: 1 })).toBe('k\u0000');
    expect(findUnsafeText({ a: ['fine', 1, null, true] })).toBeUndefined();
  });
});

describe('isSafeLink', () => {
  it.each(['https://example.com/a?b=c', 'http://example.com', '/mission/12', '/'])(
    'should accept %s',
    (link) => expect(isSafeLink(link)).toBe(true),
  );

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    '//evil.example',
    '/\\evil.example',
    'mailto:a@b.c',
    'example.com',
    'https://',
    '',
    42,
  ])('should refuse %j', (link) => expect(isSafeLink(link)).toBe(false));
});

describe('findUnsafeHtmlLink', () => {
  it('should pass safe links of every kind', () => {
    const html =
      '<p><a href="https://a.example">a</a><a href=\'/mission/1\'>b</a><a href=mailto:x@y.z>c</a><a href="#top">d</a></p>';
    expect(findUnsafeHtmlLink(html)).toBeUndefined();
  });

  it.each([
    '<a href="javascript:alert(1)">x</a>',
    "<a HREF='data:text/html,x'>x</a>",
    '<a href=vbscript:x>x</a>',
    '<a href="&#106;avascript:alert(1)">x</a>',
    '<a href="javascript&colon;alert(1)">x</a>',
    '<a href="//evil.example">x</a>',
  ])('should find the unsafe link in %s', (html) => {
    expect(findUnsafeHtmlLink(html)).toBeDefined();
  });
});

describe('findUnsafeText on large bodies', () => {
  it('should walk an array of a million items without overflowing the stack', () => {
    const rows = Array.from({ length: 1_000_000 }, (_, i) => i);
    expect(findUnsafeText({ rows: [...rows, 'bad\u0000'] })).toBe('bad\u0000');
  });
});

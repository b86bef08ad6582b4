import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { t } from '@lingui/core/macro';
import { afterAll, describe, expect, it } from 'vitest';

import { activateLanguage, currentLanguage, storedLanguage } from './i18n';
import { readStore } from './storage';

const ZH_CATALOGUE = join(process.cwd(), 'src/locales/zh/messages.po');

function untranslated(po: string): string[] {
  const missing: string[] = [];
  const entries = po.split(/\n\n/);
  for (const entry of entries) {
    const id = /^msgid "(.+)"$/m.exec(entry);
    if (id && /^msgstr ""$/m.test(entry)) missing.push(id[1]!);
  }
  return missing;
}

describe('i18n', () => {
  afterAll(() => activateLanguage('en', false));

  it('should default to zh when nothing is stored', () => {
    expect(storedLanguage()).toBe('zh');
  });

  it('should switch language without reload and store it under saas.lang', async () => {
    await activateLanguage('zh');
    expect(currentLanguage()).toBe('zh');
    expect(t`Passwords do not match`).toBe('两次输入的密码不一致');
    expect(readStore('saas.lang')).toBe('zh');
    await activateLanguage('en');
    expect(t`Passwords do not match`).toBe('Passwords do not match');
    expect(storedLanguage()).toBe('en');
  });

  it('should have a Chinese text for every message', () => {
    const po = readFileSync(ZH_CATALOGUE, 'utf8');
    expect(untranslated(po)).toEqual([]);
  });

  it('should carry the spec texts in the zh catalogue', () => {
    const po = readFileSync(ZH_CATALOGUE, 'utf8');
    for (const text of [
      '确定注销并退出系统吗？',
      '你的浏览器不支持全屏',
      '下载文件出现错误，请联系管理员！',
    ]) {
      expect(po).toContain(text);
    }
  });
});

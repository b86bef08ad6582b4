import { defineConfig } from '@lingui/conf';

// Source messages are English in the code; zh is the default language of the product (spec §1).
export default defineConfig({
  sourceLocale: 'en',
  locales: ['zh', 'en'],
  fallbackLocales: { default: 'en' },
  catalogs: [{ path: '<rootDir>/src/locales/{locale}/messages', include: ['src'] }],
  format: 'po',
});

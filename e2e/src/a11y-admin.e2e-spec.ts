import { describeAdminMenuAudit } from './a11y';
import { useBrowser } from './browser';
import { ADMIN_PASSWORD } from './stack';

// Accessibility of the administrator's menu in both languages (a11y.ts).
describeAdminMenuAudit(useBrowser(), ['zh', 'en'], ADMIN_PASSWORD);

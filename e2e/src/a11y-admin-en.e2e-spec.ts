import { describeAdminMenuAudit } from './a11y';
import { useBrowser } from './browser';
import { ADMIN_PASSWORD } from './stack';

// Accessibility of the administrator's menu in one language (a11y.ts); a11y-admin-zh has the other.
describeAdminMenuAudit(useBrowser(), 'en', ADMIN_PASSWORD);

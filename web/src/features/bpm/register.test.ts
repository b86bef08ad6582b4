import { describe, expect, it } from 'vitest';

import { BPM_PROCESS_MENUS } from '../../../../services/identity/src/database/migrations/1764991000000-BpmProcessMenus';
import { CONSTANT_ROUTES } from '../../lib/local-routes';
import { hasPage } from '../../lib/page-registry';
import { registerBpmPages } from './register';

// The process menu entries (identity migration BpmProcessMenus) and the spec's /bpm routes each open a
// page: none says "page not available".
registerBpmPages();

describe('process pages', () => {
  it('should have a page for every process menu entry', () => {
    expect(BPM_PROCESS_MENUS.filter((menu) => !hasPage(menu.component))).toEqual([]);
  });

  it("should have a page for each of the spec's process routes built here", () => {
    const ours = [
      'bpm/manager/definition',
      'bpm/process-instance/create',
      'bpm/process-instance/detail',
      'bpm/oa/leave/create',
      'bpm/oa/leave/detail',
    ];
    for (const component of ours) {
      expect(CONSTANT_ROUTES.some((route) => route.component === component)).toBe(true);
      expect(hasPage(component), component).toBe(true);
    }
  });
});

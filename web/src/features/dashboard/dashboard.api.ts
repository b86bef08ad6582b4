import type { PersonalDashboardView, PlatformDashboardView } from '@platform/contracts';

import { requestData } from '../../lib/request';

/** The platform's figures (permission dashboard:platform:view); a part is null when its service is down. */
export function platformFigures(): Promise<PlatformDashboardView> {
  return requestData<PlatformDashboardView>('/dashboard/platform', { silent: true, retry: false });
}

/** The signed-in user's own missions, points and unread messages. */
export function personalFigures(): Promise<PersonalDashboardView> {
  return requestData<PersonalDashboardView>('/dashboard/mine', { silent: true, retry: false });
}

/** How often the dashboard and the bigscreen ask again (the services cache for 30 s). */
export const FIGURES_REFRESH_MS = 30_000;

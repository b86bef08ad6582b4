import { registerPages } from '../../lib/page-registry';

// The mission screens (issue 12) by the server menu's component strings ("Task list", "Task log",
// "Task test") and the app's own route /mission/info, each loaded on first visit.

export function registerMissionPages(): void {
  registerPages({
    'mission/info': () =>
      import('./pages/MissionInfoPage').then((m) => ({ default: m.MissionInfoPage })),
    'wujie/mission/index': () =>
      import('./pages/MissionsPage').then((m) => ({ default: m.MissionsPage })),
    'wujie/missionlog/index': () =>
      import('./pages/MissionLogPage').then((m) => ({ default: m.MissionLogPage })),
    'wujie/playground/mission': () =>
      import('./pages/MissionTestPage').then((m) => ({ default: m.MissionTestPage })),
  });
}

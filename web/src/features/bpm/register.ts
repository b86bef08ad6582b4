import { registerPages } from '../../lib/page-registry';

// The people's-process screens (docs/api-bpm.md) by the spec's routes (lib/local-routes.ts) and the
// server menu's component strings (identity migration BpmProcessMenus), each group one lazy chunk.

const definitions = () => import('./DefinitionPages');
const instances = () => import('./InstancePages');
const leaves = () => import('./LeavePages');

export function registerBpmPages(): void {
  registerPages({
    'bpm/manager/definition': () => definitions().then((m) => ({ default: m.DefinitionsPage })),
    'bpm/manager/definition/index': () =>
      definitions().then((m) => ({ default: m.DefinitionsPage })),
    'bpm/process-instance/create': () =>
      definitions().then((m) => ({ default: m.StartProcessPage })),
    'bpm/process-instance/detail': () =>
      instances().then((m) => ({ default: m.InstanceDetailPage })),
    'bpm/process-instance/index': () => instances().then((m) => ({ default: m.MyProcessesPage })),
    'bpm/task/todo/index': () => instances().then((m) => ({ default: m.TodoPage })),
    'bpm/task/done/index': () => instances().then((m) => ({ default: m.DonePage })),
    'bpm/oa/leave/create': () => leaves().then((m) => ({ default: m.LeaveCreatePage })),
    'bpm/oa/leave/detail': () => leaves().then((m) => ({ default: m.LeaveDetailPage })),
    'bpm/oa/leave/index': () => leaves().then((m) => ({ default: m.LeaveListPage })),
  });
}

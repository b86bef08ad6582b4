import { registerPages } from '../../lib/page-registry';

// The workflow area's screens by the server menu's component strings and the app's own routes
// (/bpm/info, /agent/info, /functions/info), each group one lazily loaded chunk. The process designer
// (bpm/manager/model/design) registers itself from features/bpmn.

const workflows = () => import('./pages/WorkflowsPage');
const workflowInfo = () => import('./pages/WorkflowInfoPage');
const agents = () => import('./pages/AgentPages');
const functions = () => import('./pages/FunctionPages');
const bpmModel = () => import('./pages/BpmModelPage');

export function registerWorkflowPages(): void {
  registerPages({
    'wujie/workflow/index': () => workflows().then((m) => ({ default: m.WorkflowsPage })),
    'bpm/info': () => workflowInfo().then((m) => ({ default: m.WorkflowInfoPage })),
    'wujie/agent/index': () => agents().then((m) => ({ default: m.AgentsPage })),
    'agent/info': () => agents().then((m) => ({ default: m.AgentInfoPage })),
    'wujie/skill/index': () => agents().then((m) => ({ default: m.SkillsPage })),
    'wujie/functions/index': () => functions().then((m) => ({ default: m.FunctionsPage })),
    'functions/info': () => functions().then((m) => ({ default: m.FunctionInfoPage })),
    'bpm/manager/model/index': () => bpmModel().then((m) => ({ default: m.BpmModelPage })),
    'bpm/manager/model': () => bpmModel().then((m) => ({ default: m.BpmModelPage })),
    'bpm/manager/form/edit': () =>
      import('./pages/BpmFormEditPage').then((m) => ({ default: m.BpmFormEditPage })),
    // The form builder (issue 29); form-js itself loads in a further chunk when the editor mounts.
    'tool/build/index': () =>
      import('./pages/FormBuilderPage').then((m) => ({ default: m.FormBuilderPage })),
  });
}

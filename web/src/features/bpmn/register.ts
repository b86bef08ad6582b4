import { registerPages } from '../../lib/page-registry';

// The process designer (route /bpm/manager/model/design), registered when main.tsx imports this
// module and loaded on first visit; bpmn-js itself is a further chunk the designer imports.
registerPages({
  'bpm/manager/model/design': () =>
    import('./DesignerPage').then((m) => ({ default: m.DesignerPage })),
});

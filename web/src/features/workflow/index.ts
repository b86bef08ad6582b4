// What the workflow feature offers other features: they import it from here, never from its files
// (the boundaries rule in eslint.config.mjs).
export { type ActivityMark, computeMarkers } from './viewer/markers';
export { NodeDetail } from './viewer/NodeDetail';
export { ProcessViewer, type ShownElement } from './viewer/ProcessViewer';

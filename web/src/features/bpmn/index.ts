// What the bpmn feature offers other features: they import it from here, never from its files
// (the boundaries rule in eslint.config.mjs).
export {
  documentationText,
  labelOf,
  languageLabelsModule,
  setLabelLanguage,
} from './modeler/languageLabels';

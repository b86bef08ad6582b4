// The form builder (issue 29): bpmn.io form-js, loaded lazily. Stored forms go through
// @platform/contracts form-schema (old field lists converted, bilingual labels, dictionary options).
export { FormJsEditor, type FormJsEditorHandle } from './FormJsEditor';
export { FormJsViewer, type FormJsViewerHandle } from './FormJsViewer';
export { useLocalizedSchema } from './useLocalizedSchema';
export { formVariablesOf, schemaKeys } from './variables';

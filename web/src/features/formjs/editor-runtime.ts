import '@bpmn-io/form-js-viewer/dist/assets/form-js.css';
import '@bpmn-io/form-js-editor/dist/assets/form-js-editor.css';
import '@bpmn-io/form-js-editor/dist/assets/properties-panel.css';
import './editor-palette.css';

import { FormEditor } from '@bpmn-io/form-js-editor';

// The form-js editor (palette, canvas, properties panel) and its stylesheets, imported dynamically by
// FormJsEditor only, like the process designer's bpmn-js: the builder's pages load it, nothing else.

export function createEditor(container: HTMLElement) {
  return new FormEditor({ container });
}

export type FormJsEditorInstance = ReturnType<typeof createEditor>;

import '@bpmn-io/form-js-viewer/dist/assets/form-js.css';

import { Form } from '@bpmn-io/form-js-viewer';

// The form-js viewer and its stylesheet. Only FormJsViewer imports this, dynamically, so form-js (and
// its preact, FEEL and date picker) stays in a chunk of its own, loaded when a form is shown.

/** form-js's own validation messages through the app's catalogue (it has no translation hook). */
function translatedValidation(translate: (message: string) => string) {
  function TranslatedValidation(validator: {
    validateField: (...args: unknown[]) => string[];
    validateFieldInstance: (...args: unknown[]) => string[];
  }) {
    for (const method of ['validateField', 'validateFieldInstance'] as const) {
      const original = validator[method].bind(validator);
      validator[method] = (...args: unknown[]) => original(...args).map(translate);
    }
  }
  TranslatedValidation.$inject = ['validator'];
  return {
    __init__: ['translatedValidation'],
    translatedValidation: ['type', TranslatedValidation],
  };
}

export function createViewer(container: HTMLElement, translate: (message: string) => string) {
  return new Form({ container, additionalModules: [translatedValidation(translate)] });
}

export type FormJsViewerInstance = ReturnType<typeof createViewer>;

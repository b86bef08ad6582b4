import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import 'bpmn-js/dist/assets/bpmn-font/css/bpmn-embedded.css';
import 'bpmn-js-token-simulation/assets/css/bpmn-js-token-simulation.css';
import './simulation.css';

import type { Language } from '@platform/contracts';
import Modeler from 'bpmn-js/lib/Modeler';
import tokenSimulationModule from 'bpmn-js-token-simulation';
import camundaSchema from 'camunda-bpmn-moddle/resources/camunda.json';

import { copyRulesModule } from './copyRules';
import { keyboardPaletteModule } from './keyboardPalette';
import { languageLabelsModule, setLabelLanguage } from './languageLabels';
import { simulationTextsModule } from './simulationTexts';

// The bpmn-js modeler with the Camunda 7 moddle (prefix `camunda`, spec §9) and token simulation
// (the toolbar's simulation switch). This module (and so bpmn-js) is imported dynamically by the
// designer, so no other screen downloads it.

/** Label wrapping of spec §9: font 12px, line height 14. */
export const TEXT_STYLE = { fontSize: 12, lineHeight: 14 / 12 };

export function createModeler(container: HTMLElement, language: Language): Modeler {
  const modeler = new Modeler({
    container,
    moddleExtensions: { camunda: camundaSchema },
    additionalModules: [
      languageLabelsModule,
      copyRulesModule,
      keyboardPaletteModule,
      tokenSimulationModule,
      simulationTextsModule,
    ],
    textRenderer: { defaultStyle: TEXT_STYLE },
  } as ConstructorParameters<typeof Modeler>[0]);
  setLabelLanguage(modeler, language);
  return modeler;
}

export type { Modeler };
export { setLabelLanguage };

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { activateLanguage } from '../../../lib/i18n';
import { LabelLanguage, LANGUAGE_CHANGED } from './languageLabels';
import { simulationText, SimulationTexts } from './simulationTexts';

// The texts come from the Lingui catalogues: the Chinese one is active here, as in a zh designer.
beforeAll(() => activateLanguage('zh', false));
afterAll(() => activateLanguage('en', false));

/** Lets the MutationObserver's callback run. */
const observed = () => new Promise((resolve) => setTimeout(resolve, 0));

function setup() {
  const container = document.createElement('div');
  document.body.append(container);
  const listeners = new Map<string, () => void>();
  const labels = new LabelLanguage();
  const eventBus = { on: (event: string, callback: () => void) => listeners.set(event, callback) };
  const switchTo = (language: 'zh' | 'en') => {
    labels.language = language;
    listeners.get(LANGUAGE_CHANGED)!();
  };
  return { container, labels, eventBus, switchTo };
}

describe('simulation texts', () => {
  it('should translate the library texts to zh and keep English and unknown texts', () => {
    expect(simulationText('Reset Simulation', 'zh')).toBe('重置模拟');
    expect(simulationText('\n  Simulation Log\n  ', 'zh')).toBe('\n  模拟日志\n  ');
    expect(simulationText('Focus process instance P_1', 'zh')).toBe('聚焦流程实例 P_1');
    expect(simulationText('Reset Simulation', 'en')).toBe('Reset Simulation');
    expect(simulationText('审批', 'zh')).toBe('审批');
  });
});

describe(SimulationTexts.name, () => {
  it('should rewrite what the library adds, and nothing else, in the designer language', async () => {
    const { container, labels, eventBus, switchTo } = setup();
    container.innerHTML =
      '<div class="bts-palette"><button class="bts-entry" title="Reset Simulation"></button></div>';
    new SimulationTexts({ getContainer: () => container }, eventBus, labels);
    const entry = container.querySelector('.bts-entry')!;
    expect(entry.getAttribute('title')).toBe('重置模拟');

    // A notification the library adds later, and a diagram label that happens to read like one.
    container.insertAdjacentHTML(
      'beforeend',
      '<div class="bts-notification"><span class="bts-text" title="Finished">Finished</span></div>' +
        '<svg><text class="djs-label">Task</text></svg>',
    );
    await observed();
    const text = container.querySelector('.bts-text')!;
    expect(text.textContent).toBe('已完成');
    expect(text.getAttribute('title')).toBe('已完成');
    expect(container.querySelector('.djs-label')!.textContent).toBe('Task');

    // The library writes again (the play/pause entry does), then the designer switches language.
    entry.setAttribute('title', 'Play/Pause Simulation');
    await observed();
    expect(entry.getAttribute('title')).toBe('播放/暂停模拟');
    switchTo('en');
    expect(entry.getAttribute('title')).toBe('Play/Pause Simulation');
    expect(text.textContent).toBe('Finished');
    switchTo('zh');
    expect(text.textContent).toBe('已完成');
    container.remove();
  });
});

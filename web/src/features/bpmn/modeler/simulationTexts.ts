import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Language } from '@platform/contracts';

import { i18n } from '../../../lib/i18n';
import { type LabelLanguage, LANGUAGE_CHANGED } from './languageLabels';

// bpmn-js-token-simulation writes its own texts (tooltips, notifications, the log) into the canvas in
// English and has no `translate` hook, so they are rewritten in the designer's language as they
// appear, through the Lingui catalogues like every other text.

const TEXTS: Readonly<Record<string, MessageDescriptor>> = {
  'Token Simulation': msg`Token Simulation`,
  'Play/Pause Simulation': msg`Play/Pause Simulation`,
  'Play Simulation': msg`Play Simulation`,
  'Pause Simulation': msg`Pause Simulation`,
  'Reset Simulation': msg`Reset Simulation`,
  'Toggle Simulation Log': msg`Toggle Simulation Log`,
  'Simulation Log': msg`Simulation Log`,
  'No Entries': msg`No Entries`,
  Close: msg`Close`,
  'Set animation speed = Slow': msg`Set animation speed = Slow`,
  'Set animation speed = Normal': msg`Set animation speed = Normal`,
  'Set animation speed = Fast': msg`Set animation speed = Fast`,
  'Set Sequence Flow': msg`Set Sequence Flow`,
  'Trigger Event': msg`Trigger Event`,
  'Add pause point': msg`Add pause point`,
  'Remove pause point': msg`Remove pause point`,
  Finished: msg`Finished`,
  'Not supported': msg`Not supported`,
  'Found unsupported elements': msg`Found unsupported elements`,
  'Process started': msg`Process started`,
  'Process finished': msg`Process finished`,
  'Process canceled': msg`Process canceled`,
  'SubProcess started': msg`SubProcess started`,
  'SubProcess finished': msg`SubProcess finished`,
  'SubProcess canceled': msg`SubProcess canceled`,
  'Service Task': msg`Service Task`,
  'User Task': msg`User Task`,
  'Call Activity': msg`Call Activity`,
  'Script Task': msg`Script Task`,
  'Business Rule Task': msg`Business Rule Task`,
  'Manual Task': msg`Manual Task`,
  'Receive Task': msg`Receive Task`,
  'Send Task': msg`Send Task`,
  Task: msg`Task`,
  'Exclusive Gateway': msg`Exclusive Gateway`,
  'Parallel Gateway': msg`Parallel Gateway`,
  'Inclusive Gateway': msg`Inclusive Gateway`,
  'Start Event': msg`Start Event`,
  'Intermediate Event': msg`Intermediate Event`,
  'Boundary Event': msg`Boundary Event`,
  'End Event': msg`End Event`,
};

const FOCUS_INSTANCE = /^Focus process instance (\S+)$/;

/** A text of the simulation library in a language (unknown texts, such as element names, unchanged). */
export function simulationText(text: string, language: Language): string {
  const trimmed = text.trim();
  if (language === 'en' || !trimmed) return text;
  const focus = FOCUS_INSTANCE.exec(trimmed);
  const id = focus?.[1];
  const descriptor = id ? msg`Focus process instance ${id}` : TEXTS[trimmed];
  return descriptor === undefined ? text : text.replace(trimmed, i18n._(descriptor));
}

/** What the library draws carries one of its `bts-` classes; diagram labels never do. */
const LIBRARY_NODE = '[class*="bts-"]';
const ATTRIBUTES = ['title', 'aria-label'];

interface Shown {
  original: string;
  shown: string;
}

interface EventBus {
  on(event: string, callback: () => void): void;
}

/**
 * Keeps the simulation library's texts in the designer's language (the `labelLanguage` service): texts
 * are rewritten when the library adds or changes them, and all again when the language changes.
 */
export class SimulationTexts {
  static $inject = ['canvas', 'eventBus', 'labelLanguage'];

  private readonly texts = new WeakMap<Text, Shown>();
  private readonly attributes = new WeakMap<Element, Map<string, Shown>>();
  private readonly container: HTMLElement;

  constructor(
    canvas: { getContainer(): HTMLElement },
    eventBus: EventBus,
    private readonly labels: LabelLanguage,
  ) {
    this.container = canvas.getContainer();
    const observer = new MutationObserver((records) => this.changed(records));
    observer.observe(this.container, {
      subtree: true,
      childList: true,
      characterData: true,
      attributeFilter: ATTRIBUTES,
    });
    // Controls made before this service are translated now; the observer sees the rest.
    this.translateAll();
    eventBus.on(LANGUAGE_CHANGED, () => this.translateAll());
    eventBus.on('diagram.destroy', () => observer.disconnect());
  }

  private changed(records: MutationRecord[]) {
    for (const record of records) {
      if (record.type === 'attributes') {
        const target = record.target as Element;
        if (target.matches(LIBRARY_NODE)) this.attribute(target, record.attributeName!);
      } else if (record.type === 'characterData') {
        this.maybeText(record.target as Text);
      } else {
        record.addedNodes.forEach((node) => {
          if (node.nodeType === Node.TEXT_NODE) this.maybeText(node as Text);
          else if (node.nodeType === Node.ELEMENT_NODE) this.translateTree(node as Element);
        });
      }
    }
  }

  private translateAll() {
    this.container.querySelectorAll(LIBRARY_NODE).forEach((element) => this.translateOne(element));
  }

  /** An added element: translated if the library made it, else the library's parts inside it. */
  private translateTree(element: Element) {
    if (element.closest(LIBRARY_NODE)) {
      this.translateOne(element);
      element.querySelectorAll('*').forEach((inner) => this.translateOne(inner));
    } else {
      element.querySelectorAll(LIBRARY_NODE).forEach((inner) => this.translateTree(inner));
    }
  }

  /** One element's own attributes and text (not its children's). */
  private translateOne(element: Element) {
    for (const name of ATTRIBUTES) if (element.hasAttribute(name)) this.attribute(element, name);
    element.childNodes.forEach((node) => {
      if (node.nodeType === Node.TEXT_NODE) this.text(node as Text);
    });
  }

  private maybeText(node: Text) {
    if (node.parentElement?.closest(LIBRARY_NODE)) this.text(node);
  }

  private text(node: Text) {
    const next = this.translate(this.texts.get(node), node.data);
    this.texts.set(node, next);
    // Writing fires the observer again, which finds the text it wrote and leaves it.
    if (node.data !== next.shown) node.data = next.shown;
  }

  private attribute(element: Element, name: string) {
    const value = element.getAttribute(name);
    if (value === null) return;
    const known = this.attributes.get(element) ?? new Map<string, Shown>();
    const next = this.translate(known.get(name), value);
    known.set(name, next);
    this.attributes.set(element, known);
    if (value !== next.shown) element.setAttribute(name, next.shown);
  }

  /** The text now in the page is the library's unless it is what was written there last. */
  private translate(known: Shown | undefined, current: string): Shown {
    const original = known && current === known.shown ? known.original : current;
    return { original, shown: simulationText(original, this.labels.language) };
  }
}

export const simulationTextsModule = {
  __init__: ['simulationTexts'],
  simulationTexts: ['type', SimulationTexts],
};

import type { Language } from '@platform/contracts';

import { type LabelLanguage, LANGUAGE_CHANGED } from './languageLabels';

// bpmn-js-token-simulation writes its own texts (tooltips, notifications, the log) into the canvas in
// English and has no `translate` hook, so they are rewritten in the designer's language as they
// appear. The table lives in the designer's lazy chunk, not in the Lingui catalogues: those are loaded
// with the sign-in page, and these texts are only ever shown in simulation mode.

const ZH: Readonly<Record<string, string>> = {
  'Token Simulation': '模拟',
  'Play/Pause Simulation': '播放/暂停模拟',
  'Play Simulation': '继续模拟',
  'Pause Simulation': '暂停模拟',
  'Reset Simulation': '重置模拟',
  'Toggle Simulation Log': '显示/隐藏模拟日志',
  'Simulation Log': '模拟日志',
  'No Entries': '暂无记录',
  Close: '关闭',
  'Set animation speed = Slow': '动画速度：慢',
  'Set animation speed = Normal': '动画速度：中',
  'Set animation speed = Fast': '动画速度：快',
  'Set Sequence Flow': '选择流出的分支',
  'Trigger Event': '触发事件',
  'Add pause point': '添加暂停点',
  'Remove pause point': '移除暂停点',
  Finished: '已完成',
  'Not supported': '不支持',
  'Found unsupported elements': '发现不支持模拟的元素',
  'Process started': '流程已开始',
  'Process finished': '流程已结束',
  'Process canceled': '流程已取消',
  'SubProcess started': '子流程已开始',
  'SubProcess finished': '子流程已结束',
  'SubProcess canceled': '子流程已取消',
  // The log names an element without a name by its type.
  'Service Task': '服务任务',
  'User Task': '用户任务',
  'Call Activity': '调用活动',
  'Script Task': '脚本任务',
  'Business Rule Task': '业务规则任务',
  'Manual Task': '手工任务',
  'Receive Task': '接收任务',
  'Send Task': '发送任务',
  Task: '任务',
  'Exclusive Gateway': '排他网关',
  'Parallel Gateway': '并行网关',
  'Inclusive Gateway': '包容网关',
  'Start Event': '开始事件',
  'Intermediate Event': '中间事件',
  'Boundary Event': '边界事件',
  'End Event': '结束事件',
};

const FOCUS_INSTANCE = /^Focus process instance (\S+)$/;

/** A text of the simulation library in a language (unknown texts, such as element names, unchanged). */
export function simulationText(text: string, language: Language): string {
  const trimmed = text.trim();
  if (language === 'en' || !trimmed) return text;
  const focus = FOCUS_INSTANCE.exec(trimmed);
  const shown = focus ? `聚焦流程实例 ${focus[1]}` : ZH[trimmed];
  return shown === undefined ? text : text.replace(trimmed, shown);
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

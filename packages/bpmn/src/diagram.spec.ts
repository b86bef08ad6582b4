import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { buildBpmnXml } from './build';
import { DEFAULT_HISTORY_TIME_TO_LIVE, prepareForEngine, readDiagram } from './diagram';

const fixture = (name: string) =>
  readFileSync(join(import.meta.dirname, '../test/fixtures', name), 'utf8');

function chain(): string {
  return buildBpmnXml({
    id: 'Chain',
    name: 'chain',
    nodes: [
      { id: 'Start', type: 'startEvent', x: 0, y: 0 },
      { id: 'Task', type: 'userTask', name: 'Task', x: 100, y: 0 },
      { id: 'End', type: 'endEvent', x: 250, y: 0 },
    ],
    flows: [
      { id: 'F1', source: 'Start', target: 'Task' },
      { id: 'F2', source: 'Task', target: 'End' },
    ],
  });
}

describe('prepareForEngine', () => {
  it('should mark the process executable and give it a history time to live', async () => {
    const source = chain().replace('isExecutable="true"', 'isExecutable="false"');
    const prepared = await prepareForEngine(source);
    expect(prepared).toMatch(/isExecutable="true"/);
    expect(prepared).toContain(`camunda:historyTimeToLive="${DEFAULT_HISTORY_TIME_TO_LIVE}"`);
  });

  it('should keep a history time to live the diagram already states', async () => {
    const source = chain().replace('isExecutable=', 'camunda:historyTimeToLive="30" isExecutable=');
    const prepared = await prepareForEngine(source);
    expect(prepared).toContain('camunda:historyTimeToLive="30"');
    expect(prepared).not.toContain(`historyTimeToLive="${DEFAULT_HISTORY_TIME_TO_LIVE}"`);
  });

  it('should leave the elements and the drawing unchanged', async () => {
    const source = fixture('camunda-modeler.bpmn');
    const before = await readDiagram(source);
    const after = await readDiagram(await prepareForEngine(source));
    expect(before.ok && after.ok).toBe(true);
    if (!before.ok || !after.ok) return;
    expect(after.model.nodes).toEqual(before.model.nodes);
    expect(after.model.flows).toEqual(before.model.flows);
    expect(await prepareForEngine(source)).toContain('bpmndi:BPMNShape');
  });

  it('should refuse what is not a diagram', async () => {
    await expect(prepareForEngine('<nope/>')).rejects.toThrow();
  });
});

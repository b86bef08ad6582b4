import { describe, expect, it } from 'vitest';

import { nodeLabel } from './labels';

describe('node labels', () => {
  const task = {
    type: 'bpmn:UserTask',
    name: '人源化',
    documentation: '{"nameen":"Humanize","instruction":"x"}',
  };

  it('should show name in zh and nameen in en', () => {
    expect(nodeLabel(task, 'zh')).toBe('人源化');
    expect(nodeLabel(task, 'en')).toBe('Humanize');
    const gateway = {
      type: 'bpmn:ExclusiveGateway',
      name: '路由',
      documentation: '{"nameen":"Route"}',
    };
    expect(nodeLabel(gateway, 'en')).toBe('Route');
  });

  it('should fall back to the name without an English one', () => {
    expect(nodeLabel({ ...task, documentation: '{"instruction":"x"}' }, 'en')).toBe('人源化');
    expect(nodeLabel({ ...task, documentation: 'broken' }, 'en')).toBe('人源化');
    expect(nodeLabel({ type: 'bpmn:StartEvent', name: '开始' }, 'en')).toBe('开始');
  });
});

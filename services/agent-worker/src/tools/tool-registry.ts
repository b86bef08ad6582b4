import { Injectable } from '@nestjs/common';
import type { AgentToolName } from '@platform/contracts';

import type { AgentTool } from './agent-tool';
import { ANTIBODY_TOOLS } from './antibody-tools';

/** The built-in tools by name (AGENT_TOOLS); a skill naming one the worker lacks is skipped. */
@Injectable()
export class ToolRegistry {
  private readonly tools = new Map<string, AgentTool>(ANTIBODY_TOOLS.map((t) => [t.name, t]));

  get(name: AgentToolName | string): AgentTool | undefined {
    return this.tools.get(name);
  }

  all(): AgentTool[] {
    return [...this.tools.values()];
  }
}

import type { AgentToolName } from '@platform/contracts';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

import { DescribedColumns } from '../database/described-columns';

/** A skill of agents: an instruction, the functions and the built-in tools it may call. */
@Entity('wf_skill')
export class Skill extends DescribedColumns {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: number;

  @Column({ name: 'function_ids', type: 'json' })
  functionIds!: number[];

  /** Built-in tools (AGENT_TOOLS names) the skill grants, in the order the worker runs them. */
  @Column({ type: 'json' })
  tools!: AgentToolName[];
}

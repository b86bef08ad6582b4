import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

import { DescribedColumns } from '../database/described-columns';

/** An agent: what a user task of a workflow runs; it has skills. */
@Entity('wf_agent')
export class Agent extends DescribedColumns {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: number;

  /** Dictionary workflow_agent_type. */
  @Column({ type: 'varchar', length: 20, default: 'Agent' })
  type!: string;

  @Column({ name: 'skill_ids', type: 'json' })
  skillIds!: number[];

  @Column({ type: 'char', length: 1, default: '0' })
  status!: '0' | '1';
}

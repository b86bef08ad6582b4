import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

import { DescribedColumns } from '../database/described-columns';

/** A skill of agents: an instruction and the functions it may call. */
@Entity('wf_skill')
export class Skill extends DescribedColumns {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: number;

  @Column({ name: 'function_ids', type: 'json' })
  functionIds!: number[];
}

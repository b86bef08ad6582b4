import type { FunctionParamView, FunctionValueType } from '@platform/contracts';
import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

import { AuditColumns } from '../database/audit-columns';

/** A function agents can call: its signature and its JavaScript code (run in the sandbox). */
@Entity('wf_function')
export class FunctionDef extends AuditColumns {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: number;

  /** Also the name of the function the code defines. */
  @Index({ unique: true })
  @Column({ type: 'varchar', length: 64 })
  name!: string;

  @Column({ type: 'varchar', length: 1000, default: '' })
  description!: string;

  @Column({ type: 'json' })
  tags!: string[];

  @Column({ type: 'json' })
  params!: FunctionParamView[];

  @Column({ name: 'return_type', type: 'varchar', length: 16, default: 'any' })
  returnType!: FunctionValueType;

  @Column({ name: 'return_description', type: 'varchar', length: 1000, default: '' })
  returnDescription!: string;

  @Column({ type: 'mediumtext' })
  code!: string;
}

import type { WorkflowStatus } from '@platform/contracts';
import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

import { AuditColumns } from '../database/audit-columns';

/** What a workflow is made of; the workflow holds its current version's, a version its own. */
export abstract class WorkflowFields extends AuditColumns {
  @Column({ type: 'varchar', length: 100 })
  name!: string;

  @Column({ type: 'char', length: 1, default: '0' })
  status!: WorkflowStatus;

  @Column({ type: 'varchar', length: 1000, default: '' })
  description!: string;

  @Column({ name: 'description_en', type: 'varchar', length: 1000, default: '' })
  descriptionEn!: string;

  @Column({ name: 'agent_ids', type: 'json' })
  agentIds!: number[];

  @Column({ type: 'text' })
  params!: string;

  @Column({ type: 'json' })
  tags!: string[];

  /** The flowchart (BPMN XML). */
  @Column({ type: 'mediumtext' })
  xml!: string;
}

@Entity('wf_workflow')
export class Workflow extends WorkflowFields {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: number;

  /** The diagram's process id; set by the first diagram saved, fixed afterwards. */
  @Index({ unique: true })
  @Column({ name: 'process_key', type: 'varchar', length: 255, nullable: true })
  processKey!: string | null;

  /** Number of the current version. */
  @Column({ type: 'int', default: 1 })
  version!: number;

  /** Price of a mission in points; null: the system parameter `wujie.mission.price`. Not versioned. */
  @Column({ type: 'int', nullable: true })
  price!: number | null;
}

/** A saved state of a workflow; the current one is rewritten until the workflow is online. */
@Entity('wf_workflow_version')
@Index(['workflowId', 'version'], { unique: true })
export class WorkflowVersion extends WorkflowFields {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: number;

  @Column({ name: 'workflow_id', type: 'bigint' })
  workflowId!: number;

  @Column({ type: 'int' })
  version!: number;

  @Column({ name: 'process_key', type: 'varchar', length: 255, nullable: true })
  processKey!: string | null;

  @Column({ name: 'restored_from', type: 'int', nullable: true })
  restoredFrom!: number | null;
}

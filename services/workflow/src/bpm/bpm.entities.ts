import type { TaskAssignType } from '@platform/contracts';
import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

import { AuditColumns } from '../database/audit-columns';

/** A process model (approval processes designed in the same designer). */
@Entity('bpm_model')
export class BpmModel extends AuditColumns {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: number;

  @Index({ unique: true })
  @Column({ name: 'model_key', type: 'varchar', length: 255 })
  key!: string;

  @Column({ type: 'varchar', length: 100 })
  name!: string;

  @Column({ type: 'varchar', length: 1000, default: '' })
  description!: string;

  @Column({ type: 'varchar', length: 100, default: '' })
  category!: string;

  @Column({ name: 'form_id', type: 'bigint', nullable: true })
  formId!: number | null;

  @Column({ name: 'bpmn_xml', type: 'mediumtext' })
  bpmnXml!: string;

  @Column({ name: 'process_definition_id', type: 'varchar', length: 255, nullable: true })
  processDefinitionId!: string | null;

  @Column({ name: 'process_definition_version', type: 'int', nullable: true })
  processDefinitionVersion!: number | null;

  @Column({ name: 'deploy_time', type: 'datetime', precision: 3, nullable: true })
  deployTime!: Date | null;
}

/** A form of the form designer, attached to process models. */
@Entity('bpm_form')
export class BpmForm extends AuditColumns {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: number;

  @Column({ type: 'varchar', length: 100 })
  name!: string;

  @Column({ type: 'char', length: 1, default: '0' })
  status!: '0' | '1';

  @Column({ type: 'json' })
  fields!: unknown[];

  /** The form-js schema (issue 29); null for forms kept only as `fields`, converted on read. */
  @Column({ type: 'json', nullable: true })
  schema!: Record<string, unknown> | null;

  @Column({ type: 'text' })
  conf!: string;

  @Column({ type: 'varchar', length: 1000, default: '' })
  remark!: string;
}

/** Who a user task of a model is assigned to: one of 7 dimensions and its values. */
@Entity('bpm_task_assign_rule')
@Index(['modelId', 'taskDefinitionKey'], { unique: true })
export class TaskAssignRule extends AuditColumns {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: number;

  @Column({ name: 'model_id', type: 'bigint' })
  modelId!: number;

  @Column({ name: 'task_definition_key', type: 'varchar', length: 255 })
  taskDefinitionKey!: string;

  @Column({ type: 'varchar', length: 20 })
  type!: TaskAssignType;

  @Column({ type: 'json' })
  options!: (number | string)[];
}

/** A work group: named set of users, one dimension of task assignment. */
@Entity('bpm_user_group')
export class UserGroup extends AuditColumns {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: number;

  @Column({ type: 'varchar', length: 100 })
  name!: string;

  @Column({ type: 'varchar', length: 1000, default: '' })
  description!: string;

  @Column({ name: 'member_user_ids', type: 'json' })
  memberUserIds!: number[];

  @Column({ type: 'char', length: 1, default: '0' })
  status!: '0' | '1';
}

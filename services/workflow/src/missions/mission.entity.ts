import type {
  AgentGraph,
  Language,
  MissionInputs,
  MissionLogStatus,
  MissionStatus,
} from '@platform/contracts';
import {
  Column,
  CreateDateColumn,
  Entity,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';

import { AuditColumns } from '../database/audit-columns';
import { TokenColumns } from '../database/token-columns';

/** A run of a workflow for a user: pinned to the deployed definition of the version it started on. */
@Entity('wf_mission')
export class Mission extends AuditColumns {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: number;

  /** Unique; also the business key of its process instances. */
  @Column({ type: 'varchar', length: 32 })
  code!: string;

  @Column({ type: 'varchar', length: 100 })
  name!: string;

  @Column({ type: 'varchar', length: 1000, default: '' })
  description!: string;

  @Column({ name: 'workflow_id', type: 'bigint' })
  workflowId!: number;

  @Column({ name: 'workflow_version_id', type: 'bigint' })
  workflowVersionId!: number;

  @Column({ name: 'workflow_version', type: 'int' })
  workflowVersion!: number;

  @Column({ name: 'process_definition_id', type: 'varchar', length: 255 })
  processDefinitionId!: string;

  @Column({ name: 'owner_user_id', type: 'bigint' })
  ownerUserId!: number;

  /** The Idempotency-Key of the start, unique per owner: a retried start finds this mission. */
  @Column({ name: 'request_key', type: 'varchar', length: 255, nullable: true })
  requestKey!: string | null;

  @Column({ name: 'conversation_id', type: 'bigint', nullable: true })
  conversationId!: number | null;

  @Column({ type: 'varchar', length: 20, default: 'not_started' })
  status!: MissionStatus;

  @Column({ type: 'varchar', length: 5, default: 'zh' })
  language!: Language;

  @Column({ type: 'json' })
  inputs!: MissionInputs;

  @Column({ type: 'json', nullable: true })
  result!: unknown;

  @Column({ type: 'text', nullable: true })
  error!: string | null;

  @Column({ name: 'process_instance_id', type: 'varchar', length: 64, nullable: true })
  processInstanceId!: string | null;

  @Column({ name: 'current_run_id', type: 'varchar', length: 64, nullable: true })
  currentRunId!: string | null;

  /**
   * When the attempt now starting the instance claimed it (mission-start-claims.ts); null on rows
   * from before claims, which count from their creation.
   */
  @Column({ name: 'start_claimed_at', type: 'datetime', precision: 3, nullable: true })
  startClaimedAt!: Date | null;

  @Column({ name: 'started_at', type: 'datetime', precision: 3, nullable: true })
  startedAt!: Date | null;

  @Column({ name: 'ended_at', type: 'datetime', precision: 3, nullable: true })
  endedAt!: Date | null;
}

/** One node run of a mission; unique per (run, node, attempt). */
@Entity('wf_mission_log')
export class MissionLog extends TokenColumns {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: number;

  @Column({ name: 'mission_id', type: 'bigint' })
  missionId!: number;

  @Column({ name: 'mission_code', type: 'varchar', length: 32 })
  missionCode!: string;

  @Column({ name: 'run_id', type: 'varchar', length: 64 })
  runId!: string;

  @Column({ name: 'node_id', type: 'varchar', length: 255 })
  nodeId!: string;

  @Column({ name: 'node_name', type: 'varchar', length: 255, default: '' })
  nodeName!: string;

  @Column({ name: 'node_name_en', type: 'varchar', length: 255, default: '' })
  nodeNameEn!: string;

  @Column({ type: 'varchar', length: 100, default: '' })
  agent!: string;

  @Column({ type: 'int', default: 1 })
  attempt!: number;

  @Column({ type: 'varchar', length: 16 })
  status!: MissionLogStatus;

  @Column({ type: 'json', nullable: true })
  inputs!: unknown;

  @Column({ type: 'json', nullable: true })
  outputs!: unknown;

  @Column({ type: 'text', nullable: true })
  error!: string | null;

  @Column({ name: 'started_at', type: 'datetime', precision: 3 })
  startedAt!: Date;

  @Column({ name: 'ended_at', type: 'datetime', precision: 3, nullable: true })
  endedAt!: Date | null;

  @CreateDateColumn({ name: 'create_time', type: 'datetime', precision: 3 })
  createTime!: Date;

  @UpdateDateColumn({ name: 'update_time', type: 'datetime', precision: 3, nullable: true })
  updateTime!: Date | null;
}

/**
 * Where a workflow version's diagram was deployed. Keyed by the diagram's hash too: the current
 * version of a workflow that is not online is rewritten in place, so its number alone does not
 * say which diagram the definition holds.
 */
@Entity('wf_workflow_deployment')
export class WorkflowDeployment {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: number;

  @Column({ name: 'workflow_id', type: 'bigint' })
  workflowId!: number;

  @Column({ type: 'int' })
  version!: number;

  @Column({ name: 'source_hash', type: 'char', length: 64 })
  sourceHash!: string;

  @Column({ name: 'process_key', type: 'varchar', length: 255 })
  processKey!: string;

  @Column({ name: 'process_definition_id', type: 'varchar', length: 255 })
  processDefinitionId!: string;

  @Column({ name: 'process_definition_version', type: 'int' })
  processDefinitionVersion!: number;

  /** The agent graph the diagram compiled to (the worker's node descriptors); null before it was kept. */
  @Column({ type: 'json', nullable: true })
  graph!: AgentGraph | null;

  @CreateDateColumn({ name: 'deploy_time', type: 'datetime', precision: 3 })
  deployTime!: Date;
}

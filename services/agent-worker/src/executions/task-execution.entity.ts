import {
  Column,
  CreateDateColumn,
  Entity,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';

/** Where an agent node's attempt is: its agent running, its outputs computed, the task completed, or failed. */
export type ExecutionStatus = 'running' | 'computed' | 'completed' | 'failed';

/**
 * One attempt of an agent node of a mission run, unique per (run, node, attempt): what the worker
 * computed is kept before it is reported, so a task delivered again (its lock expired after a
 * crash) completes with the stored outputs instead of running the agent twice.
 */
@Entity('agent_task_execution')
export class TaskExecution {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: number;

  @Column({ name: 'run_id', type: 'varchar', length: 64 })
  runId!: string;

  @Column({ name: 'node_id', type: 'varchar', length: 255 })
  nodeId!: string;

  @Column({ type: 'int' })
  attempt!: number;

  @Column({ name: 'mission_code', type: 'varchar', length: 32, default: '' })
  missionCode!: string;

  @Column({ name: 'process_instance_id', type: 'varchar', length: 64 })
  processInstanceId!: string;

  /** The external task of the latest delivery (the same across lock expiries and retries). */
  @Column({ name: 'external_task_id', type: 'varchar', length: 64 })
  externalTaskId!: string;

  /** The worker of the latest delivery. */
  @Column({ name: 'worker_id', type: 'varchar', length: 255 })
  workerId!: string;

  @Column({ type: 'varchar', length: 16 })
  status!: ExecutionStatus;

  /** Times the task was delivered for this attempt. */
  @Column({ type: 'int', default: 1 })
  deliveries!: number;

  /**
   * Deliveries that found this attempt not computed, each about to run the agent (more than one
   * only after a crash mid-run, or a delivery handed back before its run).
   */
  @Column({ type: 'int', default: 0 })
  runs!: number;

  /** The node's output (AgentOutput) with its validator results, once computed. */
  @Column({ type: 'json', nullable: true })
  outputs!: unknown;

  /** Process variables the task completes with (output_<node>, route_<gateway>). */
  @Column({ type: 'json', nullable: true })
  variables!: Record<string, string | object> | null;

  @Column({ type: 'text', nullable: true })
  error!: string | null;

  @Column({ name: 'started_at', type: 'datetime', precision: 3 })
  startedAt!: Date;

  @Column({ name: 'computed_at', type: 'datetime', precision: 3, nullable: true })
  computedAt!: Date | null;

  @Column({ name: 'completed_at', type: 'datetime', precision: 3, nullable: true })
  completedAt!: Date | null;

  @CreateDateColumn({ name: 'create_time', type: 'datetime', precision: 3 })
  createTime!: Date;

  @UpdateDateColumn({ name: 'update_time', type: 'datetime', precision: 3, nullable: true })
  updateTime!: Date | null;
}

import type { MissionWaitKind, MissionWaitState } from '@platform/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * What a mission's run waits for from a person: the owner's reply to an agent's question, or an
 * administrator's review or confirmation of a user task. Unique per `waitKey`: `ask:<run>:<node>:
 * <attempt>:<seq>` for a question, `task:<user task id>` for a review, so a repeated report or a
 * second reconciler never opens a wait twice. Its state changes once, by compare-and-set on `open`.
 */
@Entity('wf_mission_wait')
export class MissionWait {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: number;

  @Column({ name: 'wait_key', type: 'varchar', length: 400 })
  waitKey!: string;

  @Column({ name: 'mission_id', type: 'bigint' })
  missionId!: number;

  @Column({ name: 'run_id', type: 'varchar', length: 64 })
  runId!: string;

  @Column({ name: 'node_id', type: 'varchar', length: 255 })
  nodeId!: string;

  @Column({ type: 'varchar', length: 20 })
  kind!: MissionWaitKind;

  @Column({ type: 'varchar', length: 16, default: 'open' })
  state!: MissionWaitState;

  @Column({ type: 'text', nullable: true })
  question!: string | null;

  @Column({ name: 'question_en', type: 'text', nullable: true })
  questionEn!: string | null;

  /** The external task of the node that asked (unlocked by the reply). */
  @Column({ name: 'external_task_id', type: 'varchar', length: 64, nullable: true })
  externalTaskId!: string | null;

  /** The user task an administrator reviews. */
  @Column({ name: 'task_id', type: 'varchar', length: 64, nullable: true })
  taskId!: string | null;

  /** The owner's reply: {text, files}. */
  @Column({ type: 'json', nullable: true })
  reply!: { text: string; files: string[] } | null;

  /** The administrator's reason (review). */
  @Column({ type: 'text', nullable: true })
  reason!: string | null;

  @Column({ name: 'answered_by', type: 'bigint', nullable: true })
  answeredBy!: number | null;

  @Column({ name: 'answered_at', type: 'datetime', precision: 3, nullable: true })
  answeredAt!: Date | null;

  @CreateDateColumn({ name: 'create_time', type: 'datetime', precision: 3 })
  createTime!: Date;
}

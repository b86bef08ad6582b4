import type { ChatFileView, ChatMessageStatus, ChatRole } from '@platform/contracts';
import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';

import { TokenColumns } from '../database/token-columns';

/** A user's conversation with the assistant. Deleting one only marks it (its missions keep its id). */
@Entity('wf_conversation')
@Index('idx_conversation_owner', ['ownerUserId', 'deleted', 'updateTime'])
export class Conversation {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: number;

  @Column({ name: 'owner_user_id', type: 'bigint' })
  ownerUserId!: number;

  /** The first question unless the user named it ('' until the first message). */
  @Column({ type: 'varchar', length: 100, default: '' })
  theme!: string;

  @Column({ type: 'boolean', default: false })
  deleted!: boolean;

  @CreateDateColumn({ name: 'create_time', type: 'datetime', precision: 3 })
  createTime!: Date;

  /** Set on every message, so the history lists the latest conversation first. */
  @UpdateDateColumn({ name: 'update_time', type: 'datetime', precision: 3 })
  updateTime!: Date;
}

/** A start_mission (or other) tool call of a reply and what it answered, for the model's history. */
export interface StoredToolCall {
  id: string;
  name: string;
  arguments: string;
  /** The JSON answered to the model: `{missionId, code, status}` or `{error}`. */
  result: string;
}

/** An attachment's text as the model reads it on later turns (cut to CHAT_ATTACHMENT_KEPT_CHARS). */
export interface StoredAttachment {
  name: string;
  text: string;
}

/** One message of a conversation: the user's, or a reply of the assistant (or an agent). */
@Entity('wf_chat_message')
@Index('idx_chat_message_conversation', ['conversationId', 'id'])
export class ChatMessage extends TokenColumns {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: number;

  @Column({ name: 'conversation_id', type: 'bigint' })
  conversationId!: number;

  @Column({ type: 'varchar', length: 16 })
  role!: ChatRole;

  @Column({ type: 'mediumtext' })
  content!: string;

  /** The uploaded attachments as the upload answered them. */
  @Column({ type: 'json', nullable: true })
  files!: ChatFileView[] | null;

  /** The attachments' text, kept for the model's next turns; never sent to the browser. */
  @Column({ type: 'json', nullable: true })
  attachments!: StoredAttachment[] | null;

  @Column({ type: 'mediumtext', nullable: true })
  patch!: string | null;

  @Column({ name: 'mission_id', type: 'bigint', nullable: true })
  missionId!: number | null;

  /** Which agent speaks (`assistant` for the assistant's replies); null for the user. */
  @Column({ type: 'varchar', length: 100, nullable: true })
  agent!: string | null;

  @Column({ type: 'varchar', length: 16, default: 'complete' })
  status!: ChatMessageStatus;

  /** Message key of a failed reply's reason (`llm.timeout`, …), rendered in the reader's language. */
  @Column({ name: 'error_key', type: 'varchar', length: 64, nullable: true })
  errorKey!: string | null;

  /** The reply's tool calls and their results, replayed to the model on later turns. */
  @Column({ name: 'tool_calls', type: 'json', nullable: true })
  toolCalls!: StoredToolCall[] | null;

  @Column({ type: 'varchar', length: 16, default: '' })
  provider!: string;

  @Column({ type: 'varchar', length: 100, default: '' })
  model!: string;

  @CreateDateColumn({ name: 'create_time', type: 'datetime', precision: 3 })
  createTime!: Date;
}

import { type Actor, hasPermission, PERMISSIONS } from '../identity/permissions';
import type { SeededWorkflowKey } from './assistant';
import type { MissionStatus } from './missions';
import { MISSION_FILES_MAX, MISSION_PATCH_MAX, MISSION_TEXT_MAX } from './missions';

// Conversations with the research assistant (issue 13): a user's conversations, their messages, and
// the events one sent message is answered with. The workflow service stores them (wf_conversation,
// wf_chat_message); the gateway serves them under /wujie/chat and streams a reply as server-sent
// events; the web's chat screen reads the same shapes.

/**
 * Reads every user's conversations (the history page's "everyone", opening any of them), never
 * writing in another's: an administrator, or whoever holds wujie:chat:everyone.
 */
export function seesEveryConversation(actor: Actor): boolean {
  return actor.admin || hasPermission(actor.permissions, PERMISSIONS.wujie.chat.everyone);
}

/** Who wrote a message. */
export const CHAT_ROLES = ['user', 'assistant'] as const;
export type ChatRole = (typeof CHAT_ROLES)[number];

/** A reply is `streaming` while the model writes it; `failed` when the provider failed or it was cancelled. */
export const CHAT_MESSAGE_STATUSES = ['complete', 'streaming', 'failed'] as const;
export type ChatMessageStatus = (typeof CHAT_MESSAGE_STATUSES)[number];

/** The agent name of the assistant's own replies (agents of a mission speak under their names). */
export const ASSISTANT_AGENT = 'assistant';

/** Longest theme (the first question, cut, or the name the user gave). */
export const CHAT_THEME_MAX = 100;
/** Longest message text, patch, and number of attached files: the same limits as a mission's inputs. */
export const CHAT_CONTENT_MAX = MISSION_TEXT_MAX;
export const CHAT_PATCH_MAX = MISSION_PATCH_MAX;
export const CHAT_FILES_MAX = MISSION_FILES_MAX;

/**
 * Attachments the assistant reads as text: FASTA, PDB, CSV and plain text. Each is checked by its
 * content at upload and again when sent, at most 5 MB (UPLOAD_MAX_BYTES).
 */
export const CHAT_ATTACHMENT_EXTENSIONS = ['fasta', 'fa', 'faa', 'pdb', 'csv', 'txt'] as const;
export type ChatAttachmentExtension = (typeof CHAT_ATTACHMENT_EXTENSIONS)[number];

/** An attached file as the upload answered it. */
export interface ChatFileView {
  /** Stored path (`/profile/chat/yyyy/mm/dd/<uuid>.<ext>`), as /wujie/chat/upload answered it. */
  fileName: string;
  /** The name the user's file had. */
  originalFilename: string;
}

/** One conversation in the history list. */
export interface ConversationView {
  id: number;
  /** The first question unless the user renamed it. */
  theme: string;
  ownerUserId: number;
  /** ISO 8601 UTC. */
  createTime: string;
  /** Time of the last message (ISO 8601 UTC); the list is newest first by it. */
  updateTime: string;
  /** How many messages it holds (the user's and the replies). */
  messageCount: number;
}

/** The answer of POST /wujie/chat. */
export interface ConversationCreatedView {
  id: number;
}

/** One message, as stored (GET /wujie/chat/{id}/messages, oldest first). */
export interface ChatMessageView {
  id: number;
  conversationId: number;
  role: ChatRole;
  /** The text; a failed reply keeps what was written before it failed. */
  content: string;
  files: ChatFileView[];
  patch: string;
  /** The mission this reply started (load its card's current state from GET /wujie/mission/{id}). */
  missionId: number | null;
  /**
   * Every mission this reply started, in order (`missionId` is the first): a request for several
   * jobs ("humanize it and check risk sites") starts one mission per job.
   */
  missionIds: number[];
  /** Which agent speaks: `assistant` for the assistant's replies, null for the user's messages. */
  agent: string | null;
  status: ChatMessageStatus;
  /** Why a reply failed, in the request's language ('' otherwise). */
  error: string;
  promptTokens: number;
  completionTokens: number;
  /** `planner` or `openai` for replies, '' for the user's messages. */
  provider: string;
  model: string;
  /** ISO 8601 UTC. */
  createTime: string;
}

/** The answer of `POST /wujie/chat/{id}/messages` with `Accept: application/json`. */
export interface ChatReplyView {
  reply: string;
  missionId?: number;
  messageId: number;
}

/** A mission the reply started, as the `mission` event carries it. */
export interface ChatMissionEvent {
  missionId: number;
  code: string;
  status: MissionStatus;
  workflowKey: SeededWorkflowKey;
}

/**
 * What the workflow service streams over the transport for one sent message, in order: `start`
 * once the user's message is stored, `delta`s and one `mission` per mission started, then `done` or `error`
 * last. `ping` keeps the gateway's idle timer from firing while the model thinks; it never reaches
 * the browser (the gateway writes its own heartbeat comments).
 */
export type ChatStreamEvent =
  | { type: 'start'; conversationId: number; userMessageId: number; messageId: number }
  | { type: 'delta'; text: string }
  | ({ type: 'mission' } & ChatMissionEvent)
  | { type: 'done'; messageId: number; missionId?: number }
  | { type: 'error'; messageId: number; message: string }
  | { type: 'ping' };

/** Server-sent event names of a reply (the `event:` field); `data:` is the event without `type`. */
export const CHAT_SSE_EVENTS = ['start', 'delta', 'mission', 'done', 'error'] as const;
export type ChatSseEvent = (typeof CHAT_SSE_EVENTS)[number];

/** The workflow service sends a `ping` when it sent nothing else for this long. */
export const CHAT_PING_MS = 10_000;

/**
 * The first question as a theme: the message's first line (or the first file's name, or the
 * patch), cut to CHAT_THEME_MAX characters.
 */
export function themeOf(content: string, files: readonly ChatFileView[], patch = ''): string {
  const firstLine = (text: string) =>
    text
      .split(/\r?\n/)
      .map((line) => line.trim())
      .find((line) => line !== '') ?? '';
  const theme = firstLine(content) || files[0]?.originalFilename.trim() || firstLine(patch);
  return [...theme].slice(0, CHAT_THEME_MAX).join('');
}

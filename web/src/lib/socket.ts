import { type Language, USER_SOCKET_PROTOCOL } from '@platform/contracts';

// The per-user socket channel of spec §7: one connection per user, reused while open, reconnected 10 s
// after it closes or fails. The server also wants the session token (DESIGN "Socket channel"): it goes
// in the Sec-WebSocket-Protocol header beside USER_SOCKET_PROTOCOL, never in the URL.

export const SOCKET_PORT = Number(import.meta.env.VITE_SOCKET_PORT ?? 5565);
export const RECONNECT_MS = 10_000;
/** How long a socket notice stays on screen (spec §9). */
export const NOTICE_DURATION_MS = 5000;

export interface SocketLocation {
  protocol: string;
  host: string;
  hostname: string;
}

/**
 * The plain-ws port: 5565, unless the page was told another one before the app started (browser tests run
 * a gateway on a free port next to other engineers' stacks; nothing in the app sets it).
 */
function plainPort(): number {
  const given = (window as { __PLATFORM_SOCKET_PORT__?: unknown }).__PLATFORM_SOCKET_PORT__;
  return typeof given === 'number' ? given : SOCKET_PORT;
}

/** wss on the page's host under https, else ws on port 5565 of the page's host name. */
export function socketUrl(userId: number, loc: SocketLocation, port = plainPort()) {
  const query = `userId=${encodeURIComponent(userId)}`;
  return loc.protocol === 'https:'
    ? `wss://${loc.host}/ws/user?${query}`
    : `ws://${loc.hostname}:${port}/ws/user?${query}`;
}

export type SocketEvent =
  { kind: 'notice'; text: string } | { kind: 'link'; enabled: boolean } | { kind: 'ignore' };

interface PushMessage {
  type?: unknown;
  kind?: unknown;
  message?: unknown;
  messageEn?: unknown;
}

function linkEvent(value: unknown): SocketEvent | undefined {
  if (value === '1' || value === 1) return { kind: 'link', enabled: true };
  if (value === '0' || value === 0) return { kind: 'link', enabled: false };
  return undefined;
}

/**
 * Reads one pushed frame: plain text is a notice; '1'/'0' (or `{type:'linkStatus', message}`) is the
 * invitation link switched on/off; JSON of type agentStatus is ignored (the chat screen listens to it);
 * other JSON shows `message` in zh and `messageEn` otherwise.
 */
export function interpretMessage(raw: string, lang: Language): SocketEvent {
  const text = raw.trim();
  const link = linkEvent(text);
  if (link) return link;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return text ? { kind: 'notice', text } : { kind: 'ignore' };
  }
  if (parsed === null || typeof parsed !== 'object') return { kind: 'notice', text };
  const push = parsed as PushMessage;
  if (push.type === 'agentStatus') return { kind: 'ignore' };
  if (push.type === 'linkStatus') return linkEvent(push.message) ?? { kind: 'ignore' };
  // The invitation link's message: its '1' / '0' frame, sent just before, already told the user.
  if (push.type === 'message' && push.kind === 'link') return { kind: 'ignore' };
  const zh = typeof push.message === 'string' ? push.message : '';
  const en = typeof push.messageEn === 'string' ? push.messageEn : '';
  const shown = lang === 'zh' ? zh || en : en || zh;
  return shown ? { kind: 'notice', text: shown } : { kind: 'ignore' };
}

/** A pushed agentStatus frame (a mission or one of its nodes moved), as sent; undefined for any other frame. */
export function agentStatusOf(raw: string): Record<string, unknown> | undefined {
  if (!raw.includes('agentStatus')) return undefined;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (parsed === null || typeof parsed !== 'object') return undefined;
    const push = parsed as Record<string, unknown>;
    return push.type === 'agentStatus' ? push : undefined;
  } catch {
    return undefined;
  }
}

const agentStatusListeners = new Set<(push: Record<string, unknown>) => void>();

/**
 * Follows the agentStatus pushes of the user's channel (the screens that show missions live); the
 * notices ignore them. Returns the unsubscribe.
 */
export function onAgentStatus(listener: (push: Record<string, unknown>) => void): () => void {
  agentStatusListeners.add(listener);
  return () => agentStatusListeners.delete(listener);
}

const messageListeners = new Set<() => void>();

/**
 * Follows the frames announcing a new in-app message (`{type: 'message', …}`): the header's bell counts
 * again. The frame is also shown as a notice, in the reader's language. Returns the unsubscribe.
 */
export function onMessagePush(listener: () => void): () => void {
  messageListeners.add(listener);
  return () => messageListeners.delete(listener);
}

/** Whether a frame announces a new in-app message. */
export function isMessagePush(raw: string): boolean {
  if (!raw.includes('"message"')) return false;
  try {
    const parsed: unknown = JSON.parse(raw);
    return (
      parsed !== null && typeof parsed === 'object' && (parsed as PushMessage).type === 'message'
    );
  } catch {
    return false;
  }
}

export interface UserSocketOptions {
  url: string;
  token: string;
  onEvent: (event: SocketEvent) => void;
  language: () => Language;
  reconnectMs?: number;
}

let socket: WebSocket | null = null;
let socketInUse = '';
let retryTimer: ReturnType<typeof setTimeout> | null = null;
let wanted: UserSocketOptions | null = null;

function scheduleReconnect(): void {
  if (retryTimer || !wanted) return;
  const options = wanted;
  retryTimer = setTimeout(() => {
    retryTimer = null;
    if (wanted === options) openUserSocket(options);
  }, options.reconnectMs ?? RECONNECT_MS);
}

/** Opens the user's channel, or keeps the open one when it is for the same URL and token. */
export function openUserSocket(options: UserSocketOptions): void {
  const live =
    socket && (socket.readyState === WebSocket.OPEN || socket.readyState === WebSocket.CONNECTING);
  wanted = options;
  const identity = `${options.url} ${options.token}`;
  if (live && socketInUse === identity) return;
  if (socket) detach(socket);
  let next: WebSocket;
  try {
    next = new WebSocket(options.url, [USER_SOCKET_PROTOCOL, options.token]);
  } catch {
    scheduleReconnect();
    return;
  }
  socket = next;
  socketInUse = identity;
  next.onmessage = (event: MessageEvent) => {
    if (typeof event.data !== 'string') return;
    const status = agentStatusOf(event.data);
    if (status) for (const listener of agentStatusListeners) listener(status);
    if (isMessagePush(event.data)) for (const listener of messageListeners) listener();
    options.onEvent(interpretMessage(event.data, options.language()));
  };
  next.onclose = () => {
    if (socket !== next) return;
    socket = null;
    scheduleReconnect();
  };
  next.onerror = () => next.close();
}

function detach(old: WebSocket): void {
  old.onclose = null;
  old.onmessage = null;
  old.onerror = null;
  old.close();
  socket = null;
}

/** Closes the channel for good (sign-out): no reconnect. */
export function closeUserSocket(): void {
  wanted = null;
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = null;
  if (socket) detach(socket);
}

/** The live connection, for tests and diagnostics. */
export function currentUserSocket(): WebSocket | null {
  return socket;
}

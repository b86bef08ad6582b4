import type { AddressInfo } from 'node:net';

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type WebSocket as ServerSocket, WebSocketServer } from 'ws';

import {
  closeUserSocket,
  currentUserSocket,
  interpretMessage,
  onAgentStatus,
  openUserSocket,
  type SocketEvent,
  socketUrl,
} from './socket';

describe('socketUrl', () => {
  it('should use wss on the same host under https, else ws on port 5565', () => {
    const https = { protocol: 'https:', host: 'ab.example.com', hostname: 'ab.example.com' };
    const http = { protocol: 'http:', host: '127.0.0.1:8080', hostname: '127.0.0.1' };
    expect(socketUrl(7, https)).toBe('wss://ab.example.com/ws/user?userId=7');
    expect(socketUrl(7, http)).toBe('ws://127.0.0.1:5565/ws/user?userId=7');
  });
});

describe('interpretMessage', () => {
  it('should show plain text as a notice', () => {
    expect(interpretMessage('Task finished', 'zh')).toEqual({
      kind: 'notice',
      text: 'Task finished',
    });
  });

  it('should ignore agentStatus and pick message in zh, messageEn otherwise', () => {
    const push = JSON.stringify({ type: 'notice', message: '任务完成', messageEn: 'Task done' });
    expect(interpretMessage(JSON.stringify({ type: 'agentStatus', message: 'x' }), 'en')).toEqual({
      kind: 'ignore',
    });
    expect(interpretMessage(push, 'zh')).toEqual({ kind: 'notice', text: '任务完成' });
    expect(interpretMessage(push, 'en')).toEqual({ kind: 'notice', text: 'Task done' });
  });

  it("should read '1' and '0' as the invitation link switched on and off", () => {
    expect(interpretMessage('1', 'zh')).toEqual({ kind: 'link', enabled: true });
    expect(interpretMessage('0', 'zh')).toEqual({ kind: 'link', enabled: false });
    expect(interpretMessage('{"type":"linkStatus","message":"0"}', 'en')).toEqual({
      kind: 'link',
      enabled: false,
    });
  });
});

describe('user socket', () => {
  let server: WebSocketServer;
  let url: string;
  const clients: ServerSocket[] = [];
  const handshakes: { url: string; protocols: string[] }[] = [];

  beforeAll(async () => {
    server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    server.on('connection', (client, request) => {
      clients.push(client);
      handshakes.push({
        url: request.url ?? '',
        protocols: String(request.headers['sec-websocket-protocol'])
          .split(',')
          .map((p) => p.trim()),
      });
    });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/ws/user?userId=1`;
  });
  afterEach(() => closeUserSocket());
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const until = async (check: () => boolean) => {
    for (let i = 0; i < 200 && !check(); i += 1) await new Promise((r) => setTimeout(r, 10));
    expect(check()).toBe(true);
  };

  it('should deliver pushed frames, reuse the open connection and reconnect after a close', async () => {
    const events: SocketEvent[] = [];
    const options = {
      url,
      token: 'secret-token',
      onEvent: (e: SocketEvent) => events.push(e),
      language: () => 'en' as const,
      reconnectMs: 50,
    };
    const statuses: Record<string, unknown>[] = [];
    const unsubscribe = onAgentStatus((push) => statuses.push(push));
    clients.length = 0;
    openUserSocket(options);
    await until(() => clients.length === 1 && currentUserSocket()?.readyState === WebSocket.OPEN);
    openUserSocket(options);
    clients[0]!.send('hello');
    clients[0]!.send(JSON.stringify({ type: 'agentStatus', missionId: 4 }));
    clients[0]!.send(JSON.stringify({ message: '你好', messageEn: 'Hi' }));
    await until(() => events.length === 3);
    expect(events).toEqual([
      { kind: 'notice', text: 'hello' },
      { kind: 'ignore' },
      { kind: 'notice', text: 'Hi' },
    ]);
    // The mission screens get the agentStatus frame itself.
    expect(statuses).toEqual([{ type: 'agentStatus', missionId: 4 }]);
    unsubscribe();
    expect(clients).toHaveLength(1);
    // The token travels in the protocol header beside ours, never in the address.
    expect(handshakes.at(-1)).toEqual({
      url: '/ws/user?userId=1',
      protocols: ['platform.user', 'secret-token'],
    });

    clients[0]!.terminate();
    await until(() => clients.length === 2);
  });

  it('should not reconnect once closed on purpose', async () => {
    clients.length = 0;
    openUserSocket({
      url,
      token: 't',
      onEvent: () => undefined,
      language: () => 'zh',
      reconnectMs: 20,
    });
    await until(() => clients.length === 1);
    closeUserSocket();
    await new Promise((r) => setTimeout(r, 100));
    expect(clients).toHaveLength(1);
    expect(currentUserSocket()).toBeNull();
  });
});

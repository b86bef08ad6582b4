import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { identityStarter } from '@platform/identity';
import {
  api,
  freshPhone,
  latestCode,
  startStack,
  type TestStack,
  USER_PASSWORD,
} from '@platform/test-support';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { notificationStarter } from '../src';

// Verification codes delivered by the notification service: identity makes and throttles the code and
// queues it (code-delivery); the service sends it with the production adapters — nodemailer to an SMTP
// server and the HTTP SMS adapter — both doubled here by local servers that speak the real protocols.

interface Sms {
  authorization: string | undefined;
  body: { to: string; text: string };
}

const SMS_KEY = 'sms-test-key';

async function readBody(request: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of request) text += String(chunk);
  return text;
}

async function until<T>(find: () => T | undefined, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('verification codes through the notification service', () => {
  let stack: TestStack;
  let smsGateway: Server;
  let smtp: SMTPServer;
  const sms: Sms[] = [];
  const mails: { to: string; raw: string }[] = [];
  let smsStatus = 200;

  beforeAll(async () => {
    smsGateway = createServer((request, response) => {
      void readBody(request).then((text) => {
        if (smsStatus === 200)
          sms.push({ authorization: request.headers.authorization, body: JSON.parse(text) });
        response.writeHead(smsStatus, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => smsGateway.listen(0, '127.0.0.1', resolve));
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
        stream.on('end', () => {
          mails.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), raw });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const smtpPort = (smtp.server.address() as AddressInfo).port;
    const smsPort = (smsGateway.address() as AddressInfo).port;
    stack = await startStack([identityStarter, notificationStarter], {
      SMS_API_URL: `http://127.0.0.1:${smsPort}/send`,
      SMS_API_KEY: SMS_KEY,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      SMTP_FROM: 'Platform <no-reply@example.test>',
    });
  });

  afterAll(async () => {
    await stack?.close();
    await new Promise((resolve) => smsGateway.close(resolve));
    await new Promise((resolve) => smtp.close(() => resolve(undefined)));
  });

  it('should send the SMS code through the provider adapter, and that code registers the user', async () => {
    const phone = freshPhone();
    const sent = await api(stack)
      .post('/prod-api/wujie/user/sendSmsCode')
      .send({ qu: '+86', phonenumber: phone, scene: 'register' });
    expect(sent.body.code).toBe(200);
    const message = await until(() => sms.find((m) => m.body.to === `+86${phone}`));
    expect(message.authorization).toBe(`Bearer ${SMS_KEY}`);
    const code = /(\d{6})/.exec(message.body.text)?.[1];
    expect(code).toBeDefined();
    expect(message.body.text).toContain('验证码');
    // Not in the development outbox: a configured channel goes to the provider only.
    await expect(latestCode(stack, `+86 ${phone}`)).rejects.toThrow('no code in the outbox');
    const registered = await api(stack)
      .post('/prod-api/wujie/user/registerByPhone')
      .send({ qu: '86', phonenumber: phone, code, password: USER_PASSWORD });
    expect(registered.body.code).toBe(200);
  });

  it('should e-mail the code over SMTP in the language asked for', async () => {
    const email = `code${Date.now()}@example.test`;
    const sent = await api(stack)
      .post('/prod-api/wujie/user/sendEmailCode?lang=en')
      .set('lang', 'en')
      .send({ email, scene: 'register' });
    expect(sent.body.code).toBe(200);
    const mail = await until(() => mails.find((m) => m.to === email));
    expect(mail.raw).toContain('From: Platform <no-reply@example.test>');
    expect(mail.raw).toContain('Subject: Your verification code');
    expect(mail.raw).toMatch(/Your verification code is \d{6}/);
  });

  it('should try a failing SMS provider again until it answers', async () => {
    smsStatus = 503;
    const phone = freshPhone();
    await api(stack)
      .post('/prod-api/wujie/user/sendSmsCode')
      .send({ qu: '+86', phonenumber: phone, scene: 'register' })
      .expect(200);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(sms.find((m) => m.body.to === `+86${phone}`)).toBeUndefined();
    smsStatus = 200;
    const message = await until(() => sms.find((m) => m.body.to === `+86${phone}`), 20_000);
    expect(message.body.text).toMatch(/\d{6}/);
  });
});

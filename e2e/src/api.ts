import { createConnection } from 'mysql2/promise';
import { inject } from 'vitest';

import { mysqlUrl } from './stack';

// Direct API calls for test set-up (a second user), through the same gateway the browser uses.

async function call<T>(path: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(`${inject('baseUrl')}/prod-api${path}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      repeatSubmit: 'false',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as { code: number; msg: string; data: T };
  if (envelope.code !== 200) throw new Error(`${path}: ${envelope.code} ${envelope.msg}`);
  return envelope.data;
}

/** The newest dev-mode verification code sent to a target (the identity outbox table). */
async function latestCode(target: string): Promise<string> {
  const connection = await createConnection(mysqlUrl(inject('database')));
  try {
    const [rows] = await connection.query(
      'SELECT code FROM verification_outbox WHERE target = ? ORDER BY id DESC LIMIT 1',
      [target],
    );
    const code = (rows as { code: string }[])[0]?.code;
    if (!code) throw new Error(`no verification code for ${target}`);
    return code;
  } finally {
    await connection.end();
  }
}

/** Registers an ordinary user by phone (ROLE_DEFAULT only) and returns its phone number. */
export async function registerUser(password: string): Promise<string> {
  // Two spec files run side by side: the clock's last digits alone could name the same phone twice.
  const phone = `139${String(Date.now()).slice(-5)}${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`;
  await call('/wujie/user/sendSmsCode', { qu: '86', phonenumber: phone, scene: 'register' });
  const code = await latestCode(`+86 ${phone}`);
  await call('/wujie/user/registerByPhone', {
    qu: '86',
    phonenumber: phone,
    code,
    password,
    confirmPassword: password,
  });
  return phone;
}

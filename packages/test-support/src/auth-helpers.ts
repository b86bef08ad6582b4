import request from 'supertest';

import type { TestStack } from './stack';

export type Agent = ReturnType<typeof request>;

export function api(stack: TestStack): Agent {
  return request(stack.http);
}

/** Turns the image captcha off (a system parameter), so sign-in tests can focus on credentials. */
export async function setCaptcha(stack: TestStack, enabled: boolean): Promise<void> {
  await stack.db.query(
    `UPDATE sys_config SET config_value = ? WHERE config_key = 'sys.account.captchaEnabled'`,
    [String(enabled)],
  );
  await stack.redis.del(stack.key('sys_config:sys.account.captchaEnabled'));
}

/** A fresh captcha and its answer (read from Redis, as only the server knows it). */
export async function captcha(stack: TestStack): Promise<{ uuid: string; code: string }> {
  const res = await api(stack).get('/prod-api/captchaImage').expect(200);
  const uuid: string = res.body.data.uuid;
  const code = (await stack.redis.get(stack.key(`captcha_codes:${uuid}`))) ?? '';
  return { uuid, code };
}

export async function login(stack: TestStack, username: string, password: string): Promise<string> {
  const res = await api(stack)
    .post('/prod-api/login')
    .set('repeatSubmit', 'false')
    .send({ username, password });
  if (res.body.code !== 200) throw new Error(`login failed: ${JSON.stringify(res.body)}`);
  return res.body.data.token as string;
}

/** The newest code the dev outbox holds for a target (`+86 138…` or an e-mail address). */
export async function latestCode(stack: TestStack, target: string): Promise<string> {
  const [rows] = await stack.db.query(
    'SELECT code FROM verification_outbox WHERE target = ? ORDER BY id DESC LIMIT 1',
    [target],
  );
  const code = (rows as { code: string }[])[0]?.code;
  if (!code) throw new Error(`no code in the outbox for ${target}`);
  return code;
}

/** Stands in for waiting out the 120 s resend block of a target. */
export async function clearResendBlock(stack: TestStack, channel: 'sms' | 'email', target: string) {
  await stack.redis.del(stack.key(`verify_block:${channel}:${target}`));
}

let phoneSeq = 0;
/** A distinct valid +86 mobile number per call. */
export function freshPhone(): string {
  phoneSeq += 1;
  return `139${String(process.pid % 10000).padStart(4, '0')}${String(phoneSeq).padStart(4, '0')}`;
}

export const USER_PASSWORD = 'User#Pass2026';

/** Registers a user by phone through the real flow (code sent, read from the outbox) and returns its token. */
export async function registerByPhone(
  stack: TestStack,
  phone = freshPhone(),
  extra: Record<string, string> = {},
): Promise<{
  phone: string;
  token: string;
  body: { code: number; msg: string; data?: { token: string } };
}> {
  await api(stack)
    .post('/prod-api/wujie/user/sendSmsCode')
    .send({ qu: '+86', phonenumber: phone, scene: 'register' })
    .expect(200);
  const code = await latestCode(stack, `+86 ${phone}`);
  const res = await api(stack)
    .post('/prod-api/wujie/user/registerByPhone')
    .send({ qu: '86', phonenumber: phone, code, password: USER_PASSWORD, ...extra });
  return { phone, token: res.body.data?.token ?? '', body: res.body };
}

let roleSeq = 0;
/**
 * A new role with exactly the menus and buttons `menuIds` (their permissions), a new user with only
 * that role, signed in: the token. The administrator (`adminToken`) creates both through the console's API.
 */
export async function signInWithMenus(
  stack: TestStack,
  adminToken: string,
  menuIds: number[],
): Promise<string> {
  roleSeq += 1;
  const name = `r${process.pid % 1000}${roleSeq}${Date.now().toString(36)}`;
  const asAdmin = (path: string, body: object) =>
    api(stack)
      .post(`/prod-api${path}`)
      .set('Authorization', `Bearer ${adminToken}`)
      .set('repeatSubmit', 'false')
      .send(body);
  const role = await asAdmin('/system/role', {
    roleName: name,
    roleKey: name,
    roleSort: 5,
    menuIds,
  });
  if (role.body.code !== 200) throw new Error(`role not created: ${JSON.stringify(role.body)}`);
  const user = await asAdmin('/system/user', {
    userName: name,
    nickName: name,
    password: USER_PASSWORD,
    deptId: 100,
    roleIds: [role.body.data.roleId],
  });
  if (user.body.code !== 200) throw new Error(`user not created: ${JSON.stringify(user.body)}`);
  return login(stack, name, USER_PASSWORD);
}

import { identityStarter } from '@platform/identity';
import { workflowStarter } from '@platform/workflow';
import JSZip from 'jszip';
import type { Response } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { type Caller, callerFor, dataOf, oneAgentFlow } from '../support/callers';
import {
  ADMIN_PASSWORD,
  api,
  login,
  registerByPhone,
  setCaptcha,
  startStack,
  type TestStack,
} from '../support/stack';

// Spec §7 "zip download by path" for a mission's files: GET /wujie/mission/{id}/files/zip?path=
// streams the files the mission names under one folder of the store, for whoever may see the mission.

describe("a mission's files as a zip", () => {
  let stack: TestStack;
  let admin: Caller;
  let alice: Caller;
  let bob: Caller;
  let mission: { id: number; code: string };
  let files: string[];
  let unused: string;
  let bobsFile: string;

  const upload = async (who: Caller, name: string, content: string) => {
    const res = await api(stack)
      .post('/prod-api/common/upload')
      .set('Authorization', `Bearer ${who.token}`)
      .set('repeatSubmit', 'false')
      .attach('file', Buffer.from(content), name);
    return String(dataOf<{ fileName: string }>(res).fileName);
  };

  /** The call as `who`, its body read as bytes whatever its type. */
  const zipOf = (who: Caller, id: number, path?: string, lang = 'zh') => {
    const query = path === undefined ? '' : `?path=${encodeURIComponent(path)}`;
    return api(stack)
      .get(`/prod-api/wujie/mission/${id}/files/zip${query}`)
      .set('Authorization', `Bearer ${who.token}`)
      .set('lang', lang)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
  };

  const jsonOf = (res: Response) => JSON.parse((res.body as Buffer).toString('utf8'));

  const entries = async (res: Response) => {
    expect(res.headers['content-type']).toBe('application/zip');
    const zip = await JSZip.loadAsync(res.body as Buffer);
    const out: Record<string, string> = {};
    for (const file of Object.values(zip.files).filter((f) => !f.dir)) {
      out[file.name] = await file.async('string');
    }
    return out;
  };

  const folderOf = (name: string) => name.slice(0, name.lastIndexOf('/'));
  const relative = (name: string, folder: string) => name.slice(folder.length + 1);

  beforeAll(async () => {
    stack = await startStack([identityStarter, workflowStarter], {
      ENGINE_USER: 'gateway-mission-files-test',
      ENGINE_PASSWORD: 'Gateway-mission-files-engine-password-0123',
    });
    await setCaptcha(stack, false);
    admin = await callerFor(stack, await login(stack, 'admin', ADMIN_PASSWORD));
    alice = await callerFor(stack, (await registerByPhone(stack)).token);
    bob = await callerFor(stack, (await registerByPhone(stack)).token);
    dataOf(await admin.post('/wujie/agent', { name: '规划', nameEn: 'Plan' }));
    const workflow = dataOf<{ id: number }>(
      await admin.post('/wujie/workflow', {
        name: 'mission_files',
        status: '2',
        agentIds: [1],
        workflow: oneAgentFlow('mission_files'),
      }),
    ).id;
    files = [
      await upload(alice, 'heavy.txt', 'EVQLVESGGG'),
      await upload(alice, 'light.txt', 'DIQMTQ'),
    ];
    // Alice's too, in the same folder, but not the mission's: it must stay out of the zip.
    unused = await upload(alice, 'other.txt', 'not this one');
    bobsFile = await upload(bob, 'secret.txt', "bob's secret");
    mission = dataOf<{ id: number; code: string }>(
      await alice.post('/wujie/mission', { workflowId: workflow, inputs: { files } }),
    );
  }, 120_000);
  afterAll(() => stack?.close());

  it('should stream exactly the mission’s files under the folder asked, named relative to it', async () => {
    const folder = folderOf(files[0]!);
    expect(folderOf(unused)).toBe(folder);
    const res = await zipOf(alice, mission.id, folder);
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${mission.code}-files.zip"`,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    // Streamed as it is zipped, so its length is not known up front.
    expect(res.headers['content-length']).toBeUndefined();
    expect(await entries(res)).toEqual({
      [relative(files[0]!, folder)]: 'EVQLVESGGG',
      [relative(files[1]!, folder)]: 'DIQMTQ',
    });

    // Without a path: all of them, named under the owner's upload folder (yyyy/mm/dd/…).
    const all = await entries(await zipOf(alice, mission.id));
    const ownerFolder = `/profile/upload/${alice.userId}`;
    expect(Object.keys(all).sort()).toEqual(files.map((f) => relative(f, ownerFolder)).sort());
    // A folder the mission has files under, given with a trailing slash, works the same.
    expect(
      Object.keys(await entries(await zipOf(alice, mission.id, `${ownerFolder}/`))),
    ).toHaveLength(2);
  });

  it('should answer another user exactly as for a missing mission, and serve an administrator', async () => {
    const theirs = await zipOf(bob, mission.id, folderOf(files[0]!), 'en');
    const none = await zipOf(bob, 99_999_999, folderOf(files[0]!), 'en');
    expect(theirs.status).toBe(404);
    expect(jsonOf(theirs)).toEqual(jsonOf(none));
    expect(jsonOf(theirs)).toEqual({ code: 404, msg: 'The task does not exist' });
    expect(Object.keys(await entries(await zipOf(admin, mission.id)))).toHaveLength(2);
    const anonymous = await api(stack).get(`/prod-api/wujie/mission/${mission.id}/files/zip`);
    expect(anonymous.body.code).toBe(401);
  });

  it('should refuse a path that leaves the store or is no folder of it, in the user language', async () => {
    const own = `/profile/upload/${alice.userId}`;
    const traversals = [
      '../../etc',
      '/etc/passwd',
      `${own}/../${bob.userId}`,
      `${own}/2026/../../${bob.userId}`,
      `profile/upload/${alice.userId}/./2026`,
      `${own}\\..\\${bob.userId}`,
      `${own}/%2e%2e/${bob.userId}`,
      'C:/Windows',
    ];
    for (const path of traversals) {
      const res = await zipOf(alice, mission.id, path, 'en');
      expect([path, res.headers['content-type']]).not.toEqual([path, 'application/zip']);
      expect([path, jsonOf(res).code, jsonOf(res).msg]).toEqual([
        path,
        500,
        expect.stringMatching(/^The path ".*" is not valid$/),
      ]);
    }
    // A NUL is refused before any route sees it (the gateway's input check).
    const nul = await zipOf(alice, mission.id, `${own}\0`, 'en');
    expect([nul.headers['content-type'], jsonOf(nul).code]).not.toEqual(['application/zip', 200]);
    expect(jsonOf(nul).msg).toMatch(/invalid characters/);
    const zh = await zipOf(alice, mission.id, '../x');
    expect(jsonOf(zh).msg).toBe('路径“../x”无效');
  });

  it('should find nothing under a folder that holds none of the mission’s files', async () => {
    for (const path of [`/profile/upload/${bob.userId}`, `${folderOf(files[0]!).slice(0, -1)}`]) {
      const res = await zipOf(alice, mission.id, path, 'en');
      expect([path, res.status, jsonOf(res)]).toEqual([
        path,
        404,
        { code: 404, msg: 'The task has no files under this path' },
      ]);
    }
  });

  it('should leave out a file of another user that reached the mission around the upload check', async () => {
    // The gateway refuses such a name when the mission starts; written straight into the record,
    // the zip still takes only the owner's own uploads.
    await stack.dbs.workflow.query(
      "UPDATE wf_mission SET inputs = JSON_ARRAY_APPEND(inputs, '$.files', ?) WHERE id = ?",
      [bobsFile, mission.id],
    );
    const detail = dataOf<{ inputs: { files: string[] } }>(
      await alice.get(`/wujie/mission/${mission.id}`),
    );
    expect(detail.inputs.files).toContain(bobsFile);
    const zipped = await entries(await zipOf(alice, mission.id));
    expect(Object.values(zipped).sort()).toEqual(['DIQMTQ', 'EVQLVESGGG']);
    const theirFolder = await zipOf(alice, mission.id, folderOf(bobsFile), 'en');
    expect(theirFolder.status).toBe(404);
  });
});

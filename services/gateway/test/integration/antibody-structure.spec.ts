import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { RouteItem } from '@platform/contracts';
import { identityStarter } from '@platform/identity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { api, registerByPhone, setCaptcha, startStack, type TestStack } from '../support/stack';

// Trastuzumab VH and VL (DrugBank DB00072); any valid chains would do, the stub does not fold them.
const HEAVY =
  'EVQLVESGGGLVQPGGSLRLSCAASGFNIKDTYIHWVRQAPGKGLEWVARIYPTNGYTRYADSVKGRFTISADTSKNTAYLQMNSLRAEDTAVYYCSRWGGDGFYAMDYWGQGTLVTVSS';
const LIGHT =
  'DIQMTQSPSSLSASVGDRVTITCRASQDVNTAVAWYQQKPGKAPKLLIYSASFLYSGVPSRFSGSRSGTDFTLTISSLQPEDFATYYCQQHYTTPPTFGQGTKVEIK';
const PDB = [
  'ATOM      1  N   GLU H   1      11.104   6.134  -6.504  1.00  0.00           N',
  'ATOM      2  CA  GLU H   1      11.639   6.071  -5.147  1.00  0.00           C',
  'END',
].join('\n');

/** A tiny predictor on a free port: answers PDB text, or HTTP 500 when the heavy chain is "FAIL…". */
async function startPredictor(received: unknown[]): Promise<Server> {
  const read = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as { heavy?: string };
  };
  const server = createServer((req, res) => {
    void read(req).then((body) => {
      received.push(body);
      if (body.heavy?.startsWith('FAIL')) {
        res.writeHead(500).end('model crashed');
        return;
      }
      res.writeHead(200, { 'content-type': 'chemical/x-pdb' }).end(PDB);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

const flat = (routes: RouteItem[]): RouteItem[] =>
  routes.flatMap((r) => [r, ...flat(r.children ?? [])]);

describe('POST /prod-api/wujie/antibody/structure', () => {
  let stack: TestStack;
  let predictor: Server;
  let token: string;
  const received: unknown[] = [];

  beforeAll(async () => {
    predictor = await startPredictor(received);
    const { port } = predictor.address() as AddressInfo;
    stack = await startStack([identityStarter], {
      STRUCTURE_PREDICTOR_URL: `http://127.0.0.1:${port}/predict`,
    });
    await setCaptcha(stack, false);
    token = (await registerByPhone(stack)).token;
  });
  afterAll(async () => {
    await stack.close();
    await new Promise((resolve) => predictor.close(resolve));
  });

  const post = (body: object, lang = 'en', bearer = token) =>
    api(stack)
      .post(`/prod-api/wujie/antibody/structure?lang=${lang}`)
      .set('Authorization', `Bearer ${bearer}`)
      .set('repeatSubmit', 'false')
      .send(body);

  it('should give a signed-up user the toolkit menu and its permission', async () => {
    const auth = { Authorization: `Bearer ${token}` };
    const routers = await api(stack).get('/prod-api/getRouters?lang=en').set(auth);
    const entry = flat(routers.body.data).find((r) => r.name === 'AntibodyToolkit');
    expect(entry).toMatchObject({
      component: 'wujie/antibody/index',
      meta: { title: 'Antibody toolkit', icon: 'antibody' },
    });
    const info = await api(stack).get('/prod-api/getInfo').set(auth);
    expect(info.body.data.permissions).toContain('wujie:antibody:use');
  });

  it('should pass the chains to the predictor and return its PDB with the atom count', async () => {
    const res = await post({ heavy: HEAVY, light: LIGHT });
    expect(res.body).toMatchObject({ code: 200, data: { pdb: PDB, atoms: 2 } });
    expect(received.at(-1)).toEqual({ heavy: HEAVY, light: LIGHT, sequence: `${HEAVY}:${LIGHT}` });
  });

  it('should refuse a body without chains with per-field messages in the request language', async () => {
    const res = await post({}, 'en');
    expect(res.status).toBe(400);
    expect(res.body.data.errors).toEqual(
      expect.arrayContaining([
        { field: 'heavy', msg: 'Heavy chain cannot be empty' },
        { field: 'light', msg: 'Light chain cannot be empty' },
      ]),
    );
    const zh = await post({ light: 7 }, 'zh');
    expect(zh.body.data.errors).toContainEqual({ field: 'light', msg: '轻链序列格式不正确' });
  });

  it("should report the toolkit's sequence error in the request language without calling the predictor", async () => {
    const calls = received.length;
    const en = await post({ heavy: 'EVQLVESGG1GLVQ' }, 'en');
    expect(en.status).toBe(200);
    expect(en.body.code).toBe(500);
    expect(en.body.msg).toMatch(/^Unknown letters: 110\b/);
    const zh = await post({ heavy: 'EVQLVESGG1GLVQ' }, 'zh');
    expect(zh.body.msg).toMatch(/^含非标准氨基酸字符：110/);
    expect(received.length).toBe(calls);
  });

  it('should turn a failing predictor into a clear error', async () => {
    const res = await post({ heavy: 'FAILQLVESGGGLVQPGG' }, 'en');
    expect(res.body).toEqual({ code: 500, msg: 'The structure predictor failed: HTTP 500.' });
  });

  it('should refuse a user whose roles lack the toolkit permission', async () => {
    await stack.db.query('DELETE FROM sys_role_menu WHERE menu_id = 21');
    const { token: other } = await registerByPhone(stack);
    const res = await post({ heavy: HEAVY }, 'en', other);
    expect(res.body.code).toBe(403);
  });
});

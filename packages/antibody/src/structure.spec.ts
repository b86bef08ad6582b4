import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { AntibodyError } from './errors';
import { THERAPEUTIC_CHAINS } from './fixtures/therapeutic-antibodies';
import { predictStructure } from './structure';

const PDB = [
  'ATOM      1  N   GLU H   1      10.000  10.000  10.000  1.00  0.00           N',
  'ATOM      2  CA  GLU H   1      11.400  10.000  10.000  1.00  0.00           C',
  'END',
].join('\n');

interface Seen {
  contentType?: string;
  body: string;
}

// A tiny stand-in for a self-hosted predictor (ESMFold/ImmuneBuilder): the real service is on the
// far side of the network, so the contract is tested against a local server on a free port.
describe(predictStructure.name, () => {
  let server: Server;
  let base = '';
  const seen: Seen[] = [];

  beforeAll(async () => {
    server = createServer(async (req: IncomingMessage, res) => {
      let body = '';
      for await (const chunk of req) body += chunk;
      seen.push({ contentType: req.headers['content-type'], body });
      if (req.url === '/json') {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ pdb: PDB }));
      } else if (req.url === '/fail') {
        res.statusCode = 503;
        res.end('busy');
      } else if (req.url === '/empty') {
        res.end('no structure here');
      } else {
        res.setHeader('content-type', 'chemical/x-pdb');
        res.end(PDB);
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  const heavy = THERAPEUTIC_CHAINS[0].sequence;
  const light = THERAPEUTIC_CHAINS[1].sequence;

  it('should fail clearly in both languages when no predictor is configured', async () => {
    const err = await predictStructure({ heavy }, {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AntibodyError);
    expect((err as AntibodyError).code).toBe('STRUCTURE_PREDICTOR_NOT_CONFIGURED');
    expect((err as AntibodyError).text.zh).toContain('未配置结构预测服务');
  });

  it('should post VH and VL as JSON and return the PDB text', async () => {
    const sut = await predictStructure({ heavy, light }, { url: `${base}/pdb` });
    expect(sut).toEqual({ pdb: PDB, atoms: 2 });
    const request = seen[seen.length - 1];
    expect(request.contentType).toBe('application/json');
    expect(JSON.parse(request.body)).toEqual({ heavy, light, sequence: `${heavy}:${light}` });
  });

  it('should accept a JSON response with a pdb field', async () => {
    expect((await predictStructure({ heavy }, { url: `${base}/json` })).pdb).toBe(PDB);
  });

  it('should post plain text in ESMFold style when asked', async () => {
    await predictStructure({ heavy }, { url: `${base}/pdb`, format: 'text' });
    expect(seen[seen.length - 1]).toEqual({ contentType: 'text/plain', body: heavy });
  });

  it('should report an HTTP failure and a response without atoms', async () => {
    await expect(predictStructure({ heavy }, { url: `${base}/fail` })).rejects.toMatchObject({
      code: 'STRUCTURE_PREDICTOR_FAILED',
    });
    await expect(predictStructure({ heavy }, { url: `${base}/empty` })).rejects.toThrow(
      /no ATOM records/,
    );
  });

  it('should validate the sequences before calling out', async () => {
    await expect(
      predictStructure({ heavy: 'EVQL*VES' }, { url: `${base}/pdb` }),
    ).rejects.toMatchObject({ code: 'STOP_CODON' });
  });
});

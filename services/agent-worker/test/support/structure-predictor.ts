import { createServer, type Server } from 'node:http';

// A structure predictor as STRUCTURE_PREDICTOR_URL expects one (JSON {heavy, light, sequence} in,
// {pdb} out), counting its calls; `failing` answers 500 as a predictor that is down.

export interface FakePredictor {
  url: string;
  calls: { heavy?: string; light?: string }[];
  failing: boolean;
  /** How long each answer takes. */
  delayMs: number;
  close(): Promise<void>;
}

function pdbOf(sequence: string): string {
  const lines = [...sequence.replace(':', '')].slice(0, 40).map((residue, i) => {
    const serial = String(i + 1).padStart(5);
    const seq = String(i + 1).padStart(4);
    return `ATOM  ${serial}  CA  ALA A${seq}    ${(i * 3.8).toFixed(3).padStart(8)}   0.000   0.000  1.00 90.00           C`;
  });
  return `HEADER    FAKE PREDICTION\n${lines.join('\n')}\nEND\n`;
}

export async function startFakePredictor(): Promise<FakePredictor> {
  const state: FakePredictor = {
    url: '',
    calls: [],
    failing: false,
    delayMs: 0,
    close: async () => {},
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as {
        heavy?: string;
        light?: string;
        sequence?: string;
      };
      state.calls.push({ heavy: body.heavy, light: body.light });
      if (state.delayMs) await new Promise((r) => setTimeout(r, state.delayMs));
      if (res.destroyed) return;
      if (state.failing) {
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end('predictor down');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ pdb: pdbOf(body.sequence ?? '') }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  state.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/predict`;
  state.close = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return state;
}

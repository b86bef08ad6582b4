import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// A stand-in for an external structure predictor (ESMFold, ImmuneBuilder): the gateway posts
// {heavy, light, sequence} and gets PDB text back. It folds nothing: each chain becomes an ideal
// alpha helix (backbone N, CA, C, O on a 1.5 Å-rise, 100°-per-residue cylinder), enough for Mol* to
// draw a cartoon.

const THREE_LETTER: Record<string, string> = {
  A: 'ALA',
  R: 'ARG',
  N: 'ASN',
  D: 'ASP',
  C: 'CYS',
  Q: 'GLN',
  E: 'GLU',
  G: 'GLY',
  H: 'HIS',
  I: 'ILE',
  L: 'LEU',
  K: 'LYS',
  M: 'MET',
  F: 'PHE',
  P: 'PRO',
  S: 'SER',
  T: 'THR',
  W: 'TRP',
  Y: 'TYR',
  V: 'VAL',
};

/** Backbone atoms as [name, radius Å, phase °, z offset Å] around the helix axis. */
const BACKBONE: [string, number, number, number][] = [
  ['N', 1.55, -28, -0.83],
  ['CA', 2.3, 0, 0],
  ['C', 1.65, 28, 0.7],
  ['O', 1.9, 38, 1.9],
];

const fixed = (value: number, width: number) => value.toFixed(3).padStart(width);

export function helixPdb(chains: { id: string; sequence: string }[]): string {
  const lines: string[] = [];
  let serial = 0;
  chains.forEach((chain, c) => {
    [...chain.sequence].forEach((letter, i) => {
      for (const [name, radius, phase, dz] of BACKBONE) {
        serial += 1;
        const angle = ((100 * i + phase) * Math.PI) / 180;
        // The helix axis runs along x, so Mol*'s default view (down z) shows the chains side-on.
        const x = 1.5 * i + dz;
        const y = radius * Math.cos(angle) + c * 20;
        const z = radius * Math.sin(angle);
        lines.push(
          `ATOM  ${String(serial).padStart(5)}  ${name.padEnd(3)} ${THREE_LETTER[letter] ?? 'UNK'} ${chain.id}${String(i + 1).padStart(4)}    ${fixed(x, 8)}${fixed(y, 8)}${fixed(z, 8)}  1.00  0.00           ${name[0]}`,
        );
      }
    });
    lines.push('TER');
  });
  lines.push('END');
  return `${lines.join('\n')}\n`;
}

async function bodyOf(req: IncomingMessage): Promise<{ heavy?: string; light?: string }> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as { heavy?: string; light?: string };
}

/** Starts the stub on a free port; its URL is what the gateway's STRUCTURE_PREDICTOR_URL names. */
export async function startStubPredictor(): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    bodyOf(req)
      .then(({ heavy, light }) => {
        const chains = [
          ...(heavy ? [{ id: 'H', sequence: heavy }] : []),
          ...(light ? [{ id: 'L', sequence: light }] : []),
        ];
        res.writeHead(200, { 'content-type': 'chemical/x-pdb' }).end(helixPdb(chains));
      })
      .catch(() => res.writeHead(400).end('bad request'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/predict`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

import { AntibodyError } from './errors';
import { cleanProteinSequence } from './sequence/sequence';

/**
 * Contract with an external structure predictor (a self-hosted ESMFold, ImmuneBuilder or similar
 * HTTP service). No model runs inside the platform: without a configured endpoint the call fails with
 * STRUCTURE_PREDICTOR_NOT_CONFIGURED.
 *
 * Request (format 'json', the default): POST `url`, `content-type: application/json`, body
 * `{ "heavy": "...", "light": "...", "sequence": "HEAVY:LIGHT" }` (absent chains omitted; `sequence`
 * joins the chains with ':' as ESMFold-style multimer servers expect). Format 'text' posts the joined
 * sequence as plain text, as the public ESMFold API does.
 * Response: PDB text, either as the body or as `{ "pdb": "..." }` JSON.
 */
export interface StructurePredictorConfig {
  url?: string;
  format?: 'json' | 'text';
  headers?: Record<string, string>;
  timeoutMs?: number;
}

export interface StructureInput {
  heavy?: string;
  light?: string;
}

export interface StructurePrediction {
  pdb: string;
  /** Number of ATOM/HETATM records, a quick sanity figure for the caller. */
  atoms: number;
}

export async function predictStructure(
  input: StructureInput,
  config: StructurePredictorConfig,
): Promise<StructurePrediction> {
  if (!config.url) {
    throw new AntibodyError('STRUCTURE_PREDICTOR_NOT_CONFIGURED', {
      zh: '未配置结构预测服务：请设置预测服务地址（例如自建的 ESMFold 或 ImmuneBuilder HTTP 服务）。',
      en: 'No structure predictor is configured: set the predictor URL (e.g. a self-hosted ESMFold or ImmuneBuilder HTTP service).',
    });
  }
  const heavy = input.heavy ? cleanProteinSequence(input.heavy, 10).sequence : undefined;
  const light = input.light ? cleanProteinSequence(input.light, 10).sequence : undefined;
  if (!heavy && !light) {
    throw new AntibodyError('EMPTY_INPUT', {
      zh: '请至少提供重链或轻链序列。',
      en: 'Give at least a heavy or a light chain.',
    });
  }
  const sequence = [heavy, light].filter(Boolean).join(':');
  const text = config.format === 'text';
  const response = await post(
    config,
    text ? sequence : JSON.stringify({ heavy, light, sequence }),
    text,
  );
  const pdb = await readPdb(response);
  const atoms = pdb
    .split('\n')
    .filter((l) => l.startsWith('ATOM') || l.startsWith('HETATM')).length;
  if (atoms === 0) throw failed('the response holds no ATOM records', 'no ATOM records');
  return { pdb, atoms };
}

async function post(
  config: StructurePredictorConfig,
  body: string,
  text: boolean,
): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), config.timeoutMs ?? 300_000);
  try {
    const response = await fetch(config.url as string, {
      method: 'POST',
      headers: {
        'content-type': text ? 'text/plain' : 'application/json',
        accept: 'chemical/x-pdb, text/plain, application/json',
        ...config.headers,
      },
      body,
      signal: controller.signal,
    });
    if (!response.ok) throw failed(`HTTP ${response.status}`, `HTTP ${response.status}`);
    return response;
  } catch (err) {
    if (err instanceof AntibodyError) throw err;
    const reason = err instanceof Error ? err.message : String(err);
    throw failed(reason, reason);
  } finally {
    clearTimeout(timer);
  }
}

async function readPdb(response: Response): Promise<string> {
  const body = await response.text();
  if (
    (response.headers.get('content-type') ?? '').includes('json') ||
    body.trimStart().startsWith('{')
  ) {
    try {
      const parsed = JSON.parse(body) as { pdb?: unknown };
      if (typeof parsed.pdb === 'string') return parsed.pdb;
    } catch {
      // not JSON after all: fall through and treat it as PDB text
    }
    throw failed('the JSON response has no "pdb" string', 'JSON without "pdb"');
  }
  return body;
}

function failed(en: string, zh: string): AntibodyError {
  return new AntibodyError('STRUCTURE_PREDICTOR_FAILED', {
    zh: `结构预测服务调用失败：${zh}。`,
    en: `The structure predictor failed: ${en}.`,
  });
}

import { AntibodyError } from '../errors';
import type { TargetAntigenInput } from './antigen';
import {
  buildTargetLibrary,
  type CandidateAntibody,
  planTargetDesign,
  type TargetDesignOptions,
  type TargetDesignPlan,
  type TargetDesignResult,
} from './design-target';

/**
 * Contract with an external antibody generator or docking service (a self-hosted RFantibody-,
 * IgDesign- or similar HTTP service), in the manner of the structure predictor's (structure.ts).
 * No model runs inside the platform; without a URL only the built-in library is made.
 *
 * Request: POST `url`, `content-type: application/json`, body
 *   { "antigen": "SEQ", "epitope": { "positions": [1-based…], "start": n, "end": n },
 *     "format": "fv" | "vhh", "count": n, "seed": n, "pdb"?: "PDB text" }
 * Response: JSON { "model"?: "name", "designs": [{ "id"?: "…", "heavy": "…", "light"?: "…" }] }.
 * Each design goes through the same filters and ranking as the built-in ones and is marked
 * `source: "external:<model>"` (model defaults to the config's name, else "generator").
 */
export interface TargetGeneratorConfig {
  url?: string;
  name?: string;
  headers?: Record<string, string>;
  timeoutMs?: number;
}

/** Designs returned by one generator call, at most (a larger answer is cut). */
const MAX_EXTERNAL = 1000;

export async function designAgainstTargetWith(
  input: TargetAntigenInput,
  options: TargetDesignOptions,
  generator: TargetGeneratorConfig,
): Promise<TargetDesignResult> {
  const plan = planTargetDesign(input, options);
  const external = generator.url ? await askGenerator(plan, input, generator) : [];
  return buildTargetLibrary(plan, external);
}

async function askGenerator(
  plan: TargetDesignPlan,
  input: TargetAntigenInput,
  config: TargetGeneratorConfig,
): Promise<CandidateAntibody[]> {
  const body = {
    antigen: plan.antigen.sequence,
    epitope: {
      positions: plan.epitope.positions,
      start: plan.epitope.start,
      end: plan.epitope.end,
    },
    format: plan.options.format,
    count: plan.options.count,
    seed: plan.options.seed,
    ...(input.pdb ? { pdb: input.pdb } : {}),
  };
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), config.timeoutMs ?? 300_000);
  let payload: unknown;
  try {
    const response = await fetch(config.url as string, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        ...config.headers,
      },
      body: JSON.stringify(body),
      signal: controller.signal,
    });
    if (!response.ok) throw failed(`HTTP ${response.status}`);
    payload = await response.json();
  } catch (err) {
    if (err instanceof AntibodyError) throw err;
    throw failed(err instanceof Error ? err.message : String(err));
  } finally {
    clearTimeout(timer);
  }
  return candidatesOf(payload, config.name);
}

function candidatesOf(payload: unknown, name: string | undefined): CandidateAntibody[] {
  const p = payload as { model?: unknown; designs?: unknown } | null;
  if (!p || !Array.isArray(p.designs)) throw failed('the JSON response has no "designs" array');
  const model = typeof p.model === 'string' && p.model ? p.model : (name ?? 'generator');
  return p.designs.slice(0, MAX_EXTERNAL).flatMap((d: unknown) => {
    const design = d as { heavy?: unknown; light?: unknown; id?: unknown };
    if (typeof design.heavy !== 'string') return [];
    return [
      {
        heavy: design.heavy.replace(/\s+/g, '').toUpperCase(),
        ...(typeof design.light === 'string'
          ? { light: design.light.replace(/\s+/g, '').toUpperCase() }
          : {}),
        source: `external:${model}`,
        ...(typeof design.id === 'string' ? { externalId: design.id } : {}),
      },
    ];
  });
}

function failed(reason: string): AntibodyError {
  return new AntibodyError('TARGET_GENERATOR_FAILED', {
    zh: `外部抗体生成服务调用失败：${reason}。`,
    en: `The external antibody generator failed: ${reason}.`,
  });
}

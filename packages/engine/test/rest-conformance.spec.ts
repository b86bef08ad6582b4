import { writeFileSync } from 'node:fs';

import type { EngineCredentials } from '@platform/engine-client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { createEngine, type EmbeddedEngine, type EngineServer, startEngineServer } from '../src';
import {
  differences,
  type EngineUnderTest,
  Recorder,
  type Step,
} from './support/conformance-recorder';
import { SCENARIOS } from './support/conformance-scenarios';
import { operatonMissing, type RunningOperaton, startOperaton } from './support/operaton';

// One behaviour, two engines: every REST call the platform and its agent workers make, told as
// scenarios to the embedded engine and to the real Operaton (deploy/engine, started once for this
// file), then compared field by field. Where they differ, Operaton is right.

/** Fixed credentials for both engines (Operaton's user names are letters and digits). */
const AUTH: EngineCredentials = {
  user: 'conformance',
  password: 'Conformance-password-0123456789-abcdef',
  token: 'conformance-token-abcdefghijklmnopqrstuvwxyz',
};

/** Unique per run: the embedded engine's database is shared with the other test files. */
const TAG = Math.random().toString(36).slice(2, 8);

const OPERATON_MISSING = operatonMissing();
if (OPERATON_MISSING) {
  console.warn(`[conformance] Operaton side skipped: ${OPERATON_MISSING}`);
}

const transcripts = { embedded: new Map<string, Step[]>(), operaton: new Map<string, Step[]>() };

const ENGINES = [
  { name: 'embedded' as const, missing: null },
  { name: 'operaton' as const, missing: OPERATON_MISSING },
];

describe.each(ENGINES)('conformance of the REST API: $name engine', ({ name, missing }) => {
  if (missing) {
    it.skip(`skipped: ${missing}`, () => undefined);
    return;
  }
  let engine: EngineUnderTest;
  let embedded: { engine: EmbeddedEngine; server: EngineServer } | null = null;
  let operaton: RunningOperaton | null = null;

  beforeAll(async () => {
    const mysql = inject('mysql');
    if (name === 'embedded') {
      const created = await createEngine({ mysql, timerPollInterval: 500 });
      const server = await startEngineServer({ engine: created, port: 0, auth: AUTH });
      embedded = { engine: created, server };
      engine = { name, url: server.url, auth: AUTH };
    } else if (process.env.CONFORMANCE_OPERATON_URL) {
      // Development: an Operaton already running with AUTH (its database is not dropped).
      engine = { name, url: process.env.CONFORMANCE_OPERATON_URL, auth: AUTH };
    } else {
      const { host, port, user, password } = mysql;
      operaton = await startOperaton({ host, port, user, password }, AUTH);
      console.log(`[conformance] Operaton ${operaton.version} up in ${operaton.startMs} ms`);
      engine = { name, url: operaton.url, auth: AUTH };
    }
  }, 240_000);

  afterAll(async () => {
    if (embedded) {
      await embedded.server.close();
      await embedded.engine.close();
    }
    await operaton?.stop();
  }, 60_000);

  // Sequential on purpose: Operaton 1.0.3 sometimes answers 500 (a NullPointerException, rolled
  // back) to concurrent fetch-and-lock requests under load.
  it.each(SCENARIOS)('$name', async (scenario) => {
    const recorder = new Recorder(engine, TAG);
    await scenario.run(recorder);
    transcripts[name].set(scenario.name, recorder.steps);
  });
});

describe('the embedded engine answers as Operaton does', () => {
  // Development: CONFORMANCE_DUMP=file.json writes both transcripts for reading.
  afterAll(() => {
    const file = process.env.CONFORMANCE_DUMP;
    if (!file) return;
    const plain = (m: Map<string, Step[]>) => Object.fromEntries(m);
    writeFileSync(
      file,
      JSON.stringify(
        { embedded: plain(transcripts.embedded), operaton: plain(transcripts.operaton) },
        null,
        1,
      ),
    );
  });

  it.skipIf(OPERATON_MISSING).each(SCENARIOS)('$name', (scenario) => {
    const real = transcripts.operaton.get(scenario.name);
    const ours = transcripts.embedded.get(scenario.name);
    expect(real, 'the scenario failed on Operaton').toBeDefined();
    expect(ours, 'the scenario failed on the embedded engine').toBeDefined();
    expect(differences(ours!, real!)).toEqual([]);
  });
});

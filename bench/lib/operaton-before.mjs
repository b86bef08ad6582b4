// Operaton's settings before issue 31, for the benches' before/after rows (bench:engine
// BENCH_ENGINES=operaton-before, bench:missions --engine operaton-before): the JVM on C1 only, as
// scripts/engine.mjs started it, and history level full, as deploy/engine's application.yaml had it.
// Given to the engine as its environment; with the level set there, the engine leaves the database's
// recorded level alone (EngineApplication).
export const OPERATON_BEFORE_ENV = {
  ENGINE_JAVA_OPTS: [
    '-Xms64m',
    '-Xmx512m',
    '-XX:MaxMetaspaceSize=192m',
    '-XX:ReservedCodeCacheSize=64m',
    '-XX:+UseSerialGC',
    '-XX:TieredStopAtLevel=1',
    '-Xss512k',
    '-XX:+ExitOnOutOfMemoryError',
  ].join(' '),
  // Spring's environment name of operaton.bpm.history-level.
  OPERATON_BPM_HISTORYLEVEL: 'full',
};

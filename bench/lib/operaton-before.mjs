// Operaton's settings before issue 31, for the benches' before/after rows (bench:engine
// BENCH_ENGINES=operaton-before, bench:missions --engine operaton-before): the JVM on C1 only, as
// scripts/engine.mjs started it, history level full, as deploy/engine's application.yaml had it, and
// authorization checks for the service account's own commands too (PlatformEnginePlugin), the REST API's
// engine lookup through the class path every time (EngineLookupCache), and MariaDB Connector/J's
// client-side prepared statements (application.yaml's data-source-properties), the pool's connections
// in autocommit (toggled by every transaction), and the history's removal time written when an instance
// ends (Operaton's default cleanup strategy).
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
  // platform.engine.service-account-authorization-checks
  PLATFORM_ENGINE_SERVICE_ACCOUNT_AUTHORIZATION_CHECKS: 'true',
  // platform.engine.cached-engine-lookup
  PLATFORM_ENGINE_CACHED_ENGINE_LOOKUP: 'false',
  // Spring reads it above application.yaml; map entries are merged key by key.
  SPRING_APPLICATION_JSON: JSON.stringify({
    operaton: {
      bpm: {
        'generic-properties': {
          properties: {
            historyCleanupStrategy: 'removalTimeBased',
            historyRemovalTimeStrategy: 'end',
          },
        },
      },
    },
    spring: {
      datasource: {
        hikari: { 'auto-commit': true, 'data-source-properties': { useServerPrepStmts: 'false' } },
      },
    },
  }),
};

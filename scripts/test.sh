#!/usr/bin/env bash
# Runs every check and test of the workspace; ends with `tests: N passed, N failed`. Builds the Operaton
# jar first (Maven) for the engine conformance suite.
source "$(dirname "$0")/lib.sh"
ensure_pnpm
ensure_dependencies
ensure_mariadb
ensure_redis
ensure_nats
ensure_engine_jar
ensure_chromium
ensure_compose
cd "$ROOT"
exec node scripts/test-all.mjs "$@"

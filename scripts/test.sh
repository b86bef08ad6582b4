#!/usr/bin/env bash
# Runs every check and test of the workspace; ends with `tests: N passed, N failed`. test-all.mjs builds
# the Operaton jar (Maven) and installs Chromium and docker-compose (Debian) beside the build.
source "$(dirname "$0")/lib.sh"
ensure_pnpm
ensure_dependencies
ensure_mariadb
ensure_redis
ensure_nats
cd "$ROOT"
exec node scripts/test-all.mjs "$@"

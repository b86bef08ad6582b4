#!/usr/bin/env bash
# Brings the whole platform up on this machine: installs, builds, starts MariaDB/Redis if needed,
# creates the databases, migrates and seeds (each service does it at start), starts every service.
source "$(dirname "$0")/lib.sh"
ensure_pnpm
ensure_dependencies
ensure_mariadb
ensure_redis
cd "$ROOT"
log "building"
pnpm -r --workspace-concurrency=1 run build >"$ROOT/.run-build.log" 2>&1 || { tail -n 40 "$ROOT/.run-build.log"; exit 1; }
rm -f "$ROOT/.run-build.log"
exec node scripts/platform.mjs

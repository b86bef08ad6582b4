#!/usr/bin/env bash
# Shared by up.sh and test.sh: make a fresh machine of this kind ready (pnpm, dependencies, MariaDB, Redis).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export COREPACK_ENABLE_DOWNLOAD_PROMPT=0

log() { printf '\033[1;34m[platform]\033[0m %s\n' "$*"; }

ensure_pnpm() {
  # corepack reads the exact pnpm version (and its sha512) from package.json's packageManager field.
  if ! command -v pnpm >/dev/null 2>&1 || ! (cd "$ROOT" && pnpm --version >/dev/null 2>&1); then
    log "enabling pnpm through corepack"
    corepack enable >/dev/null 2>&1 || sudo_if_needed corepack enable
  fi
}

sudo_if_needed() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

ensure_dependencies() {
  log "installing dependencies"
  (cd "$ROOT" && pnpm install --frozen-lockfile --reporter=append-only 2>&1 | tail -n 3)
}

port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") >/dev/null 2>&1; }

ensure_mariadb() {
  if ! port_open 3306; then
    log "starting MariaDB"
    sudo_if_needed start-stop-daemon --start --oknodo --background --exec /usr/sbin/mariadbd
    for _ in $(seq 1 60); do port_open 3306 && break; sleep 0.5; done
  fi
}

ensure_redis() {
  if ! port_open 6379; then
    log "starting Redis"
    redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no >/dev/null
    for _ in $(seq 1 40); do port_open 6379 && break; sleep 0.25; done
  fi
}

ensure_nats() {
  if ! port_open 4222 && [ -x /usr/sbin/nats-server ]; then
    log "starting NATS"
    sudo_if_needed start-stop-daemon --start --oknodo --background --exec /usr/sbin/nats-server -- -a 127.0.0.1 -p 4222
    for _ in $(seq 1 40); do port_open 4222 && break; sleep 0.25; done
  fi
}

ensure_engine_jar() {
  # The Operaton jar (deploy/engine) for the engine conformance suite: built with Maven when missing or
  # older than its sources, ~/.m2 kept between runs. Without Java (or without Maven and the jar) the
  # suite runs the embedded side only and says why.
  if ! command -v "${JAVA_HOME:+$JAVA_HOME/bin/}java" >/dev/null 2>&1; then
    log "no Java: the engine conformance suite will skip Operaton"
    return 0
  fi
  if ! (cd "$ROOT" && node -e "import('./scripts/engine.mjs').then((m) => process.exit(m.needsBuild() ? 1 : 0))"); then
    if ! command -v "${MVN:-mvn}" >/dev/null 2>&1; then
      log "no Maven to build deploy/engine: the engine conformance suite uses the jar as it is, or skips Operaton"
      return 0
    fi
    (cd "$ROOT" && node scripts/engine.mjs build)
  fi
}

ensure_compose() {
  # Compose's own validation of docker-compose.yml (`docker-compose config`) in the deploy checks; no
  # Docker engine is needed for it.
  if ! command -v docker-compose >/dev/null 2>&1 && ! docker compose version >/dev/null 2>&1; then
    log "installing docker-compose from Debian (to validate docker-compose.yml)"
    sudo_if_needed apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive sudo_if_needed apt-get install -y -qq docker-compose >/dev/null
  fi
}

ensure_chromium() {
  # Chromium for the browser tests, and CJK fonts so Chinese renders in their screenshots.
  if [ ! -x /usr/bin/chromium ] || ! fc-list 2>/dev/null | grep -qi 'noto.*cjk'; then
    log "installing Chromium and CJK fonts from Debian"
    sudo_if_needed apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive sudo_if_needed apt-get install -y -qq chromium fonts-noto-cjk >/dev/null
  fi
}

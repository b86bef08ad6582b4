#!/bin/sh
# Writes the compose secrets (deploy/secrets/ or the folder given) with random passwords: MariaDB's root
# password and one database URL per service, each with a user of its own. An existing file is kept, so
# running it again never changes a password a database already has. Usage: sh deploy/make-secrets.sh [DIR]
set -eu
dir=${1:-$(dirname "$0")/secrets}
host=${DB_HOST:-mariadb:3306}
# The folder is the owner's alone; the files inside are readable, because compose bind-mounts them into
# containers whose users (node, engine, mysql) are not the host's owner.
mkdir -p "$dir"
chmod 700 "$dir"
umask 022

random() { od -An -N24 -tx1 /dev/urandom | tr -d ' \n'; }

write_once() {
  if [ -s "$dir/$1" ]; then return 0; fi
  printf '%s' "$2" >"$dir/$1"
  echo "wrote $dir/$1"
}

write_once db_root_password "$(random)"
# secret name, MariaDB user, database
for entry in identity:identity:platform_identity workflow:workflow:platform_workflow \
  billing:billing:platform_billing notification:notification:platform_notification \
  agent:agent:platform_agent engine:engine:platform_engine; do
  name=${entry%%:*}
  rest=${entry#*:}
  write_once "${name}_db_url" "mysql://${rest%%:*}:$(random)@${host}/${rest#*:}"
done

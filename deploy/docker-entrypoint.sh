#!/bin/sh
# Secrets reach a container as files (compose and Kubernetes mount them under /run/secrets). A variable
# NAME_FILE names the file whose content becomes NAME, so no secret stands in an environment file, an
# image or a manifest; the services themselves read plain variables only.
set -eu
for name in $(env | sed -n 's/^\([A-Z][A-Z0-9_]*\)_FILE=.*$/\1/p'); do
  file=$(printenv "${name}_FILE")
  if [ ! -r "$file" ]; then
    echo "cannot read ${name}_FILE ($file)" >&2
    exit 1
  fi
  value=$(cat "$file")
  export "$name=$value"
  unset "${name}_FILE"
done
exec "$@"

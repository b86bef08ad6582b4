# Sourced by the MariaDB image's entrypoint on the first start of an empty data directory
# (/docker-entrypoint-initdb.d): one user per service, with every right on its own database and none
# elsewhere. Each service's database URL (mysql://user:password@host:port/database) is a compose secret
# that the service reads too, so the user, password and database are written in one place only.
# docker_process_sql comes from the entrypoint that sources this file; root is used here and nowhere else.

platform_sql_text() {
  # A value inside single quotes: backslashes and quotes doubled.
  printf '%s' "$1" | sed -e "s/\\\\/\\\\\\\\/g" -e "s/'/''/g"
}

platform_create_service_user() {
  url=$(cat "$1")
  rest=${url#mysql://}
  credentials=${rest%%@*}
  user=${credentials%%:*}
  password=${credentials#*:}
  database=${rest##*/}
  database=${database%%\?*}
  case "$user$database" in
    *[!A-Za-z0-9_]*)
      echo "10-service-users: $1 names a user or database that is not letters, digits and _" >&2
      return 1 ;;
  esac
  if [ "$user" = root ] || [ -z "$password" ] || [ "$password" = "$credentials" ]; then
    echo "10-service-users: $1 must name a user other than root, with a password" >&2
    return 1
  fi
  echo "10-service-users: $user on $database"
  docker_process_sql <<SQL
CREATE DATABASE IF NOT EXISTS \`$database\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
CREATE USER IF NOT EXISTS '$user'@'%' IDENTIFIED BY '$(platform_sql_text "$password")';
GRANT ALL PRIVILEGES ON \`$database\`.* TO '$user'@'%';
SQL
}

# PLATFORM_SECRETS_DIR: only for the deploy checks, which run this file against a test database.
for secret in identity workflow billing notification agent engine; do
  # A bad URL stops the first start here, before any service could run on a half-made database.
  platform_create_service_user "${PLATFORM_SECRETS_DIR:-/run/secrets}/${secret}_db_url" || exit 1
done

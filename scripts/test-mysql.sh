#!/usr/bin/env bash
# Runs the api and rest suites on MariaDB/MySQL. Uses TEST_MYSQL_URL when set (a server
# where the user may create databases); otherwise starts a temporary MariaDB on loopback.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${TEST_MYSQL_URL:-}" ]; then
  export MARIADB_DIR_FILE="$(mktemp /tmp/club-mariadb-dir.XXXXXX)"
  # Set before the start, so a server that fails to come up is cleaned away too.
  trap 'bash scripts/stop-mariadb.sh "$(cat "$MARIADB_DIR_FILE")"; rm -f "$MARIADB_DIR_FILE"' EXIT
  TEST_MYSQL_URL="$(bash scripts/start-mariadb.sh)"
  export TEST_MYSQL_URL
fi
# Test files or folders named after `--` run alone (vitest would add them to both suites);
# every other argument (options like -t and their values) goes to vitest as it is.
paths=()
options=()
for arg in "$@"; do
  if [ -e "$arg" ]; then paths+=("$arg"); else options+=("$arg"); fi
done
[ ${#paths[@]} -gt 0 ] || paths=(tests/api tests/rest)
TEST_DATABASE=mysql vitest run "${paths[@]}" ${options[@]+"${options[@]}"}

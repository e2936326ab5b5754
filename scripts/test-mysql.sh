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
# Files named on the command line run alone (vitest would take them as filters added to
# the two folders and run everything).
if [ "$#" -gt 0 ]; then
  TEST_DATABASE=mysql vitest run "$@"
else
  TEST_DATABASE=mysql vitest run tests/api tests/rest
fi

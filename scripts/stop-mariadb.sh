#!/usr/bin/env bash
# Stops the MariaDB started by scripts/start-mariadb.sh and removes its folder.
set -uo pipefail
dir="${1:-$(cat "${MARIADB_DIR_FILE:-/tmp/club-mariadb.dir}" 2>/dev/null)}"
[ -n "$dir" ] && [ -d "$dir" ] || exit 0
mariadb-admin --no-defaults --socket="$dir/mysqld.sock" -uroot shutdown >/dev/null 2>&1 || kill "$(cat "$dir/mysqld.pid" 2>/dev/null)" 2>/dev/null
sleep 1
rm -rf "$dir"

#!/usr/bin/env bash
# Starts a throw-away MariaDB on loopback in a temporary folder for `npm run test:mysql`.
# Prints the TEST_MYSQL_URL to use; `scripts/stop-mariadb.sh <dir>` ends it.
# The port is MARIADB_PORT, or else the first free one from 3307 on, so that a MariaDB
# somebody else runs on this machine does not get in the way.
set -euo pipefail
port_taken() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
port="${MARIADB_PORT:-}"
if [ -z "$port" ]; then
  for candidate in $(seq 3307 3399); do
    if ! port_taken "$candidate"; then port="$candidate"; break; fi
  done
  [ -n "$port" ] || { echo "Kein freier Port zwischen 3307 und 3399 für MariaDB." >&2; exit 1; }
fi
dir="$(mktemp -d /tmp/club-mariadb.XXXXXX)"
# Written at once, so stop-mariadb.sh cleans up even when the start fails below.
echo "$dir" >"${MARIADB_DIR_FILE:-/tmp/club-mariadb.dir}"
install_db="$(command -v mariadb-install-db || command -v mysql_install_db)"
mariadbd="$(command -v mariadbd || command -v mysqld || echo /usr/sbin/mariadbd)"
"$install_db" --no-defaults --datadir="$dir/data" --auth-root-authentication-method=normal \
  --skip-test-db --user="$(id -un)" >"$dir/install.log" 2>&1
"$mariadbd" --no-defaults --datadir="$dir/data" --socket="$dir/mysqld.sock" --pid-file="$dir/mysqld.pid" \
  --bind-address=127.0.0.1 --port="$port" --user="$(id -un)" --skip-name-resolve \
  --character-set-server=utf8mb4 --collation-server=utf8mb4_unicode_ci \
  --innodb-buffer-pool-size=64M --innodb-flush-log-at-trx-commit=2 --skip-log-bin \
  >"$dir/server.log" 2>&1 &
server_pid=$!
ready=0
for _ in $(seq 1 120); do
  if mariadb-admin --no-defaults --socket="$dir/mysqld.sock" -uroot ping >/dev/null 2>&1; then ready=1; break; fi
  kill -0 "$server_pid" 2>/dev/null || break
  sleep 0.5
done
if [ "$ready" -ne 1 ]; then
  echo "MariaDB ist nicht gestartet (Port $port). Ende von $dir/server.log:" >&2
  tail -n 20 "$dir/server.log" >&2 || true
  exit 1
fi
mariadb --no-defaults --socket="$dir/mysqld.sock" -uroot -e \
  "CREATE USER IF NOT EXISTS 'club'@'127.0.0.1' IDENTIFIED BY 'club'; GRANT ALL ON *.* TO 'club'@'127.0.0.1'; FLUSH PRIVILEGES;"
echo "mysql://club:club@127.0.0.1:$port"

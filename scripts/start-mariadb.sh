#!/usr/bin/env bash
# Starts a throw-away MariaDB on loopback in a temporary folder for `npm run test:mysql`.
# Prints the TEST_MYSQL_URL to use; `scripts/stop-mariadb.sh <dir>` ends it.
set -euo pipefail
port="${MARIADB_PORT:-3307}"
dir="$(mktemp -d /tmp/club-mariadb.XXXXXX)"
install_db="$(command -v mariadb-install-db || command -v mysql_install_db)"
mariadbd="$(command -v mariadbd || command -v mysqld || echo /usr/sbin/mariadbd)"
"$install_db" --no-defaults --datadir="$dir/data" --auth-root-authentication-method=normal \
  --skip-test-db --user="$(id -un)" >"$dir/install.log" 2>&1
"$mariadbd" --no-defaults --datadir="$dir/data" --socket="$dir/mysqld.sock" --pid-file="$dir/mysqld.pid" \
  --bind-address=127.0.0.1 --port="$port" --user="$(id -un)" --skip-name-resolve \
  --character-set-server=utf8mb4 --collation-server=utf8mb4_unicode_ci \
  --innodb-buffer-pool-size=64M --innodb-flush-log-at-trx-commit=2 --skip-log-bin \
  >"$dir/server.log" 2>&1 &
for _ in $(seq 1 60); do
  if mariadb-admin --no-defaults --socket="$dir/mysqld.sock" -uroot ping >/dev/null 2>&1; then break; fi
  sleep 0.5
done
mariadb --no-defaults --socket="$dir/mysqld.sock" -uroot -e \
  "CREATE USER IF NOT EXISTS 'club'@'127.0.0.1' IDENTIFIED BY 'club'; GRANT ALL ON *.* TO 'club'@'127.0.0.1'; FLUSH PRIVILEGES;"
echo "$dir" >"${MARIADB_DIR_FILE:-/tmp/club-mariadb.dir}"
echo "mysql://club:club@127.0.0.1:$port"

#!/usr/bin/env bash
# Lets the local PostgreSQL (the test server of `npm run test:pg`) take replication connections
# from 127.0.0.1, as it takes every other connection from there: the read-routing test makes a
# real streaming standby of it with pg_basebackup. Without this line that test skips and says so.
set -euo pipefail
hba=$(psql -h 127.0.0.1 -U postgres -d postgres -Atc 'show hba_file' 2>/dev/null || true)
[ -n "$hba" ] && [ -w "$hba" ] || exit 0
if ! grep -Eq '^\s*host\s+replication\s+(postgres|all)\s+127\.0\.0\.1/32\s+trust' "$hba"; then
  echo "host replication postgres 127.0.0.1/32 trust" >> "$hba"
  psql -h 127.0.0.1 -U postgres -d postgres -qAtc 'select pg_reload_conf()' >/dev/null
  echo "PostgreSQL: replication from 127.0.0.1 allowed (for the standby test)"
fi

#!/usr/bin/env bash
# Installs the parts of the production topology that `npm run test:cluster` runs on this machine,
# from Debian's packages: Patroni with etcd, PgBouncer and HAProxy (PostgreSQL 15 and Redis are
# the machine's own). Their services are not started: the cluster runs its own copies.
set -euo pipefail
missing=()
command -v patroni >/dev/null || missing+=(patroni python3-psycopg2)
command -v etcd >/dev/null || missing+=(etcd-server)
command -v etcdctl >/dev/null || missing+=(etcd-client)
command -v pgbouncer >/dev/null || [ -x /usr/sbin/pgbouncer ] || missing+=(pgbouncer)
command -v haproxy >/dev/null || [ -x /usr/sbin/haproxy ] || missing+=(haproxy)
command -v redis-server >/dev/null || missing+=(redis-server)
[ -x /usr/lib/postgresql/15/bin/postgres ] || missing+=(postgresql-15)
if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing ${missing[*]}"
  apt-get update -qq
  # A policy-rc.d that answers 101 keeps the packages' own services from starting.
  made_policy=""
  if [ ! -e /usr/sbin/policy-rc.d ]; then
    printf '#!/bin/sh\nexit 101\n' > /usr/sbin/policy-rc.d && chmod +x /usr/sbin/policy-rc.d
    made_policy=1
  fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  [ -z "$made_policy" ] || rm -f /usr/sbin/policy-rc.d
fi

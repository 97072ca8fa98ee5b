#!/bin/sh
# The stand-in image's entrypoint: runs the service its arguments name, as the official image would.
set -e
case "$1" in
postgres)
  PGDATA=${PGDATA:-/var/lib/postgresql/data}
  mkdir -p "$PGDATA" /var/run/postgresql
  chown postgres:postgres "$PGDATA" /var/run/postgresql
  chmod 700 "$PGDATA"
  if [ ! -s "$PGDATA/PG_VERSION" ]; then
    printf '%s' "${POSTGRES_PASSWORD:?}" >/tmp/pw && chown postgres /tmp/pw
    setpriv --reuid postgres --regid postgres --init-groups \
      initdb -D "$PGDATA" -U "${POSTGRES_USER:-postgres}" --pwfile=/tmp/pw --auth-local=trust \
      --auth-host=scram-sha-256 >/dev/null
    rm /tmp/pw
    echo 'host all all all scram-sha-256' >>"$PGDATA/pg_hba.conf"
    db=${POSTGRES_DB:-${POSTGRES_USER:-postgres}}
    if [ "$db" != postgres ]; then
      echo "CREATE DATABASE \"$db\" OWNER \"${POSTGRES_USER:-postgres}\";" |
        setpriv --reuid postgres --regid postgres --init-groups postgres --single -D "$PGDATA" postgres >/dev/null
    fi
  fi
  exec setpriv --reuid postgres --regid postgres --init-groups postgres -D "$PGDATA" -c listen_addresses='*'
  ;;
redis-server)
  shift
  exec redis-server "$@" --protected-mode no
  ;;
nginx)
  exec "$@"
  ;;
server)
  mkdir -p "$2"
  exec minio "$@"
  ;;
*)
  exec "$@"
  ;;
esac

#!/bin/sh
# PostgreSQL's first start (docker-entrypoint-initdb.d, as the superuser): one role per service,
# owner of its own database and of nothing else. PUBLIC loses CONNECT on every service database,
# so a service's role cannot even connect to another's. Passwords come from the environment
# (<SERVICE>_DB_PASSWORD, required); the services connect as their role, never as postgres.
# (The local launcher uses one trusted superuser on 127.0.0.1 instead: deploy/local/setup.py.)
set -eu
# POSTGRES_SERVICES only for the test that runs this script on a throwaway set of names.
for service in ${POSTGRES_SERVICES:-identity catalog floor ordering billing notifications}; do
  var="$(echo "$service" | tr a-z A-Z)_DB_PASSWORD"
  password="$(printenv "$var" || true)"
  if [ -z "$password" ]; then echo "postgres-init: $var is not set" >&2; exit 1; fi
  psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname postgres \
       -v role="$service" -v password="$password" <<'SQL'
CREATE ROLE :"role" LOGIN PASSWORD :'password' NOSUPERUSER NOCREATEDB NOCREATEROLE NOINHERIT;
CREATE DATABASE :"role" OWNER :"role";
REVOKE ALL ON DATABASE :"role" FROM PUBLIC;
GRANT CONNECT, TEMPORARY ON DATABASE :"role" TO :"role";
SQL
  # The role's migrations create their tables in public: it owns that schema too (PostgreSQL 15
  # gives it to the database owner only when template1 came from a 15 initdb).
  psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$service" -v role="$service" <<'SQL'
ALTER SCHEMA public OWNER TO :"role";
REVOKE ALL ON SCHEMA public FROM PUBLIC;
SQL
done

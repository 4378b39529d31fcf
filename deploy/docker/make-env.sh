#!/bin/sh
# Print a .env for docker-compose with a fresh random secret for every required variable:
#   sh deploy/docker/make-env.sh > .env      (once; keep .env out of git)
# Hex secrets, so they can sit in a URL (DATABASE_URL, RABBITMQ_URL, REDIS_URL) without escaping.
set -eu
secret() { od -An -N24 -tx1 /dev/urandom | tr -d ' \n'; }
echo "POSTGRES_PASSWORD=$(secret)"
for s in IDENTITY CATALOG FLOOR ORDERING BILLING NOTIFICATIONS; do
  echo "${s}_DB_PASSWORD=$(secret)"
  echo "${s}_MQ_PASSWORD=$(secret)"
  echo "${s}_REDIS_PASSWORD=$(secret)"
done
echo "ADMIN_PASSWORD=$(secret)"
echo "MERCADOPAGO_TOKEN_KEY=$(secret)"  # billing: the key the marketplace tokens are encrypted with

#!/bin/sh
# serve   : uvicorn on :8000 (migrations are NOT run at start-up; see `migrate`)
# migrate : alembic upgrade head (compose: a one-shot service; k8s: an init container)
# seed    : the seeded accounts (identity); `seed --rotate <email>` gives one a new password
# anything else is executed as is.
set -eu
case "${1:-serve}" in
  serve)
    # X-Forwarded-* are trusted from the gateway only: FORWARDED_ALLOW_IPS is its address(es)
    # (compose: the gateways' fixed addresses; k8s: the pod network, which the NetworkPolicies
    # open to the gateway alone). Never a wildcard; unset, only a proxy on the same host is trusted.
    # --ws-max-size: a websocket frame over 4 KiB is closed with 1009 before the app reads it;
    # --timeout-keep-alive 75: past the gateway's 60 s idle timeout, so the gateway closes idle
    # connections first (the same flags as the local launcher, deploy/local/config.py UVICORN_LIMITS).
    exec uvicorn "${SERVICE_NAME}.main:app" --host 0.0.0.0 --port "${PORT:-8000}" \
      --proxy-headers --forwarded-allow-ips "${FORWARDED_ALLOW_IPS:-127.0.0.1}" --no-access-log \
      --ws-max-size 4096 --timeout-graceful-shutdown 20 --no-server-header --timeout-keep-alive 75 ;;
  migrate)
    exec alembic upgrade head ;;
  seed)
    shift
    exec python -m "${SERVICE_NAME}.seed" "$@" ;;
  *)
    exec "$@" ;;
esac

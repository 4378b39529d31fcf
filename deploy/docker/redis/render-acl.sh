#!/bin/sh
# Write Redis's ACL file from users.acl, each service user with the SHA-256 of its password from
# the environment (<NAME>_REDIS_PASSWORD, required), then start Redis with it; no password is ever
# committed or written in clear. docker-compose runs this as the redis container's entrypoint.
#   sh render-acl.sh users.acl /run/redis/users.acl [redis-server args...]
set -eu
template=$1 target=$2
shift 2
umask 077
: > "$target.part"
while IFS= read -r line; do
  case "$line" in
    "user default "*) echo "$line" >> "$target.part" ;;
    "user "*)
      name=$(echo "$line" | cut -d' ' -f2)
      var=$(echo "$name" | tr 'a-z' 'A-Z')_REDIS_PASSWORD
      password=$(printenv "$var" || true)
      if [ -z "$password" ]; then echo "render-acl: $var is not set" >&2; exit 1; fi
      hash=$(printf '%s' "$password" | sha256sum | cut -d' ' -f1)
      echo "$line #$hash" >> "$target.part" ;;
  esac
done < "$template"
mv "$target.part" "$target"
# Redis drops root before reading it (the image's docker-entrypoint.sh runs it as `redis`).
if id redis >/dev/null 2>&1; then chown redis "$target"; fi
echo "render-acl: $(grep -c '^user ' "$target") users"
if [ "$#" -gt 0 ]; then exec "$@" --aclfile "$target"; fi

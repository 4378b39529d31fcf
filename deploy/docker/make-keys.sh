#!/bin/sh
# docker-compose one-shot: the JWT key pair, generated once. The private key goes into the
# `jwt-private` volume (mounted by identity only), the public key into `jwt-public` (every service).
set -eu
if [ -s /keys/private/jwt_private.pem ] && [ -s /keys/public/jwt_public.pem ]; then echo "keys present"; exit 0; fi
python - <<'PY'
from cryptography.hazmat.primitives import serialization as s
from cryptography.hazmat.primitives.asymmetric import ec
k = ec.generate_private_key(ec.SECP256R1())  # ES256, as kit/tokens.py expects
open("/keys/private/jwt_private.pem", "wb").write(k.private_bytes(s.Encoding.PEM, s.PrivateFormat.PKCS8, s.NoEncryption()))
open("/keys/public/jwt_public.pem", "wb").write(k.public_key().public_bytes(s.Encoding.PEM, s.PublicFormat.SubjectPublicKeyInfo))
PY
chown 10001:10001 /keys/private/jwt_private.pem /keys/public/jwt_public.pem
chmod 644 /keys/public/jwt_public.pem
chmod 600 /keys/private/jwt_private.pem
echo "keys generated"

#!/bin/sh
# docker-compose one-shot: the JWT key pair, generated once into the shared `keys` volume.
set -eu
cd /keys
if [ -s jwt_private.pem ] && [ -s jwt_public.pem ]; then echo "keys present"; exit 0; fi
python - <<'PY'
from cryptography.hazmat.primitives import serialization as s
from cryptography.hazmat.primitives.asymmetric import ec
k = ec.generate_private_key(ec.SECP256R1())  # ES256, as kit/tokens.py expects
open("jwt_private.pem", "wb").write(k.private_bytes(s.Encoding.PEM, s.PrivateFormat.PKCS8, s.NoEncryption()))
open("jwt_public.pem", "wb").write(k.public_key().public_bytes(s.Encoding.PEM, s.PublicFormat.SubjectPublicKeyInfo))
PY
chown 10001:10001 jwt_private.pem jwt_public.pem
chmod 644 jwt_public.pem
chmod 600 jwt_private.pem
echo "keys generated"

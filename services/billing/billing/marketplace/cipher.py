"""The sellers' marketplace tokens, encrypted at rest.

AES-256-GCM with a key derived (HKDF-SHA256) from `MERCADOPAGO_TOKEN_KEY`, so any long random
secret serves. Each value gets its own random 96-bit nonce and is bound to its row and column
(the associated data): a ciphertext copied onto another account, or from the refresh column into
the access one, does not decrypt. Stored as version byte + nonce + ciphertext-and-tag.
"""
import os

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

VERSION = b"\x01"
NONCE_BYTES = 12
MIN_SECRET_CHARS = 32


class TokenUnreadable(Exception):
    """A stored token does not decrypt: the key changed, or the row was tampered with."""


class TokenCipher:
    def __init__(self, secret: str):
        if len(secret) < MIN_SECRET_CHARS:
            raise ValueError(f"the token key must be at least {MIN_SECRET_CHARS} characters")
        key = HKDF(algorithm=hashes.SHA256(), length=32, salt=None, info=b"billing marketplace tokens v1").derive(secret.encode())
        self._aead = AESGCM(key)

    def encrypt(self, plaintext: str, context: str) -> bytes:
        nonce = os.urandom(NONCE_BYTES)
        return VERSION + nonce + self._aead.encrypt(nonce, plaintext.encode(), context.encode())

    def decrypt(self, stored: bytes, context: str) -> str:
        if stored[:1] != VERSION:
            raise TokenUnreadable(context)
        nonce, sealed = stored[1:1 + NONCE_BYTES], stored[1 + NONCE_BYTES:]
        try:
            return self._aead.decrypt(nonce, sealed, context.encode()).decode()
        except InvalidTag as wrong:
            raise TokenUnreadable(context) from wrong


def token_context(account_id: int, column: str) -> str:
    return f"mp_account:{account_id}:{column}"

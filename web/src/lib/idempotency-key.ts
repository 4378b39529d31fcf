/**
 * A fresh Idempotency-Key (8 to 100 characters on the server). `randomUUID` needs a secure
 * context; `getRandomValues` does not, so a tablet on plain http still gets a key.
 */
export function newIdempotencyKey(): string {
  return typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

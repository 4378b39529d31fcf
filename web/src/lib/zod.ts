import { z } from 'zod';

/**
 * The app's only door to zod. Without `jitless`, zod probes `new Function('')` to compile fast
 * parsers; the gateway's Content-Security-Policy (script-src 'self', no 'unsafe-eval') refuses it,
 * and although zod catches the throw, the browser still reports a `securitypolicyviolation`
 * (e2e/csp.spec.ts). Interpreted parsing is fast enough for forms. package.json lists this file
 * under "sideEffects": otherwise the bundler keeps the re-export and drops the call.
 */
z.config({ jitless: true });

export { z };

import { fileURLToPath, URL } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { configDefaults } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { parse } from '@formatjs/icu-messageformat-parser';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { promisify } from 'node:util';

const gateway = `http://127.0.0.1:${process.env.GATEWAY_PORT ?? '8080'}`;

/**
 * Catalogs (…/locales/es.json, en.json) are compiled to ICU ASTs at build time so that the
 * browser bundle can leave the ICU parser out (react-intl's documented size optimisation).
 */
function precompileMessages(): Plugin {
  return {
    name: 'precompile-messages',
    enforce: 'pre',
    transform(code, id) {
      if (!/[/\\]locales[/\\](es|en)\.json$/.test(id)) return null;
      const messages = JSON.parse(code) as Record<string, string>;
      const compiled = Object.fromEntries(Object.entries(messages).map(([k, v]) => [k, parse(v)]));
      return { code: JSON.stringify(compiled), map: null };
    },
  };
}

const DINER_PAGE = '/src/features/diner/components/diner-menu-page.tsx';
// its own small file, named in menus.html (see rolldownOptions below)
const DINER_FIRST_REQUEST = /\/src\/features\/diner\/api\/first-request\.ts$/;
const DEFAULT_CATALOGS = /\/src\/(features\/diner\/)?locales\/es\.json$/;
const DINER_MODE = 'diner';

/**
 * `menus.html`, the diner's `/menus` (served there by deploy/local/webserver.py and nginx), is
 * built on its own (`vite build --mode diner`, after the app's build, into the same dist/) from
 * web/menus.html and src/diner-main.tsx: the diner's page in the app's shell under a plain
 * `<BrowserRouter>`, without the app's data router and staff routes (the phone's 150 KiB budget).
 * A phone on a slow network would otherwise find each piece one round trip after the last (entry,
 * then the page's chunk, then its texts, then the menu): this page names them all at once, and
 * starts the menu's request itself (issue 13: largest paint within 2 s).
 */
function dinerEntryPage(): Plugin {
  return {
    name: 'diner-entry-page',
    apply: (_config, { command, mode }) => command === 'build' && mode === DINER_MODE,
    // after Vite's own html plugin has written menus.html
    generateBundle: { order: 'post', handler(_options, bundle) {
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const page = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(DINER_PAGE));
      const html = bundle['menus.html'];
      const firstRequest = chunks.find((chunk) => chunk.moduleIds.some((id) => DINER_FIRST_REQUEST.test(id)));
      if (!page || !firstRequest || html?.type !== 'asset') throw new Error('diner-entry-page: a part of the diner page or menus.html is missing');
      const scripts = new Set<string>();
      const styles = new Set<string>();
      const visit = (fileName: string) => {
        const chunk = bundle[fileName];
        if (scripts.has(fileName) || chunk?.type !== 'chunk') return;
        scripts.add(fileName);
        chunk.viteMetadata?.importedCss.forEach((css) => styles.add(css));
        chunk.imports.forEach(visit);
      };
      visit(page.fileName);
      chunks.filter((chunk) => DEFAULT_CATALOGS.test(chunk.facadeModuleId ?? '')).forEach((chunk) => visit(chunk.fileName));
      const entryHtml = String(html.source);
      const named = (file: string) => !entryHtml.includes(`/${file}"`) && file !== firstRequest.fileName;
      const tags = [
        ...[...scripts].filter(named).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
        ...[...styles].filter(named).map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
      ];
      html.source = entryHtml
        // first of all: the request is what the phone waits for longest
        .replace('<script type="module"', `<script type="module" async crossorigin src="/${firstRequest.fileName}"></script>\n    <script type="module"`)
        .replace('</head>', `  ${tags.join('\n    ')}\n  </head>`);
    } },
  };
}

const OWN_MODULES = ['src/lib/api-errors.test.ts'];

const COMPRESSIBLE = /\.(js|css|svg|html)$/;

/**
 * Every text file also as `.br` (quality 11) and `.gz` (level 9), compressed once here rather than
 * on each request: brotli at its best is about 14 % smaller than gzip for our code, a slow phone
 * network's worth of time (issue 13). deploy/local/webserver.py serves `.br`, nginx `.gz`.
 */
function precompress(): Plugin {
  const br = promisify(brotliCompress);
  const gz = promisify(gzip);
  return {
    name: 'precompress',
    apply: 'build',
    generateBundle: {
      order: 'post',
      async handler(_options, bundle) {
        const files = Object.values(bundle).filter((file) => COMPRESSIBLE.test(file.fileName));
        await Promise.all(
          files.map(async (file) => {
            const source = file.type === 'chunk' ? file.code : file.source;
            const [brotli, gzipped] = await Promise.all([
              br(source, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
              gz(source, { level: 9 }),
            ]);
            this.emitFile({ type: 'asset', fileName: `${file.fileName}.br`, source: brotli });
            this.emitFile({ type: 'asset', fileName: `${file.fileName}.gz`, source: gzipped });
          }),
        );
      },
    },
  };
}

export default defineConfig(({ command, mode }) => ({
  plugins: [react(), precompileMessages(), dinerEntryPage(), precompress()],
  resolve: {
    alias: [
      { find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) },
      // messages arrive precompiled: the browser never parses ICU text
      ...(command === 'build'
        ? [{ find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/no-parser.js' }]
        : []),
    ],
  },
  server: {
    // Dev only: the gateway owns /api/, /ws/ and /media/.
    proxy: {
      '/api': gateway,
      '/media': gateway,
      '/ws': { target: gateway, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // the diner's build adds menus.html and its files to the app's (package.json's `build`)
    emptyOutDir: mode !== DINER_MODE,
    rolldownOptions: {
      input: fileURLToPath(new URL(mode === DINER_MODE ? './menus.html' : './index.html', import.meta.url)),
      output: { codeSplitting: { groups: [{ name: 'first-request', test: DINER_FIRST_REQUEST, priority: 2 }, { name: 'app', tags: ['$initial'], priority: 1 }] } },
    },
  },
  test: {
    globals: true,
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup-tests.ts'],
    css: false,
    // Vitest's default for a run is one worker fewer than the cores: on 2 cores, one file at a time
    maxWorkers: '100%',
    projects: [
      // One jsdom and module graph per worker (isolate: false), not one per file: on 2 cores the
      // whole suite took 98-118 s of CPU (user+sys) and 66-76 s of wall clock in four runs,
      // against 231 s and 135 s isolated (one run), every test passing and none retried.
      // It once failed so (a socket opened by a file's screens reached past the fake server for a
      // real one once the file had ended: undici's 'The "event" argument must be an instance of
      // Event'). Safe since: the fake server's staff-socket handler matches (testing/handlers.ts),
      // the tab's socket stops when the last screen using it unmounts and takes the page's
      // WebSocket when it opens, not when the module loaded (features/notifications/socket.ts).
      { extends: true, test: { name: 'web', isolate: false, include: ['src/**/*.test.{ts,tsx}'], exclude: [...configDefaults.exclude, ...OWN_MODULES] } },
      // vi.mock of a module that other files import as it is: a file of its own
      { extends: true, test: { name: 'own-modules', include: OWN_MODULES } },
    ],
    testTimeout: 15000,
    // As Playwright does in CI: one more try for a test that failed on a loaded machine (CI runs
    // Vitest beside two pytest suites on 2 cores); a test that fails twice still fails the run.
    retry: process.env.CI ? 1 : 0,
  },
}));

/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { parse } from '@formatjs/icu-messageformat-parser';

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

export default defineConfig(({ command }) => ({
  plugins: [react(), precompileMessages()],
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
  },
  test: {
    globals: true,
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup-tests.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    testTimeout: 15000,
  },
}));

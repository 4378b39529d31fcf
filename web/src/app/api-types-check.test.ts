// `npm run lint` runs `gen-api --check`: the generated API types must match proto/openapi. This
// checks that the check does fail on a changed document, on a copy of the documents and the types.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const web = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const work = mkdtempSync(join(tmpdir(), 'gen-api-'));
const docs = join(work, 'openapi');
const out = join(work, 'types');
mkdirSync(docs);
// two of the real documents are enough (each run spends a second or so per document)
for (const name of ['notifications.json', 'ordering.json']) cpSync(join(web, '..', 'proto', 'openapi', name), join(docs, name));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function genApi(...args: string[]) {
  const run = spawnSync(process.execPath, ['scripts/gen-api.mjs', '--from', docs, '--out', out, ...args], { cwd: web, encoding: 'utf8' });
  return { status: run.status, output: run.stdout + run.stderr };
}

describe('gen-api --check (the stale-types check)', () => {
  it('passes right after generating, fails when a document changed without regenerating, passes again after', { timeout: 60_000 }, () => {
    expect(genApi().status).toBe(0);
    expect(genApi('--check')).toMatchObject({ status: 0 });

    const file = join(docs, 'ordering.json');
    const doc = JSON.parse(readFileSync(file, 'utf8'));
    const tables = doc.paths['/api/ordenes/mesas/'].get;
    tables.summary = `${tables.summary} (changed)`;
    writeFileSync(file, JSON.stringify(doc));
    const stale = genApi('--check');
    expect(stale.status).toBe(1);
    expect(stale.output).toContain('ordering.ts: stale');
    expect(stale.output).not.toContain('notifications.ts');

    expect(genApi().status).toBe(0);
    expect(genApi('--check').status).toBe(0);
  });

  it('fails on a service whose types are missing, and on types no document generates', { timeout: 60_000 }, () => {
    expect(genApi().status).toBe(0);
    rmSync(join(out, 'notifications.ts'));
    writeFileSync(join(out, 'old-service.ts'), 'export type paths = Record<string, never>;\n');
    const run = genApi('--check');
    expect(run.status).toBe(1);
    expect(run.output).toContain('notifications.ts: missing');
    expect(run.output).toContain('old-service.ts: no document generates it');
  });
});

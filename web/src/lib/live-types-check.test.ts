// `npm run lint` runs `gen-api --check`, which covers the live sockets' frame types too
// (src/types/api/live.ts from proto/schemas/live/frames.json). This checks that it does fail when the
// frames' schema changed and the types were not generated again, on copies of both.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const web = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const work = mkdtempSync(join(tmpdir(), 'gen-live-'));
const docs = join(work, 'openapi');
const out = join(work, 'types', 'api');
const frames = join(work, 'frames.json');
mkdirSync(docs);
// one small document is enough for the API part
cpSync(join(web, '..', 'proto', 'openapi', 'notifications.json'), join(docs, 'notifications.json'));
cpSync(join(web, '..', 'proto', 'schemas', 'live', 'frames.json'), frames);
afterAll(() => rmSync(work, { recursive: true, force: true }));

function genApi(...args: string[]) {
  const run = spawnSync(process.execPath, ['scripts/gen-api.mjs', '--from', docs, '--out', out, '--live', frames, ...args], { cwd: web, encoding: 'utf8' });
  return { status: run.status, output: run.stdout + run.stderr };
}

describe('gen-api --check on the live frames', () => {
  it('writes live.ts with the API types, and fails when the frames changed without regenerating', { timeout: 60_000 }, () => {
    expect(genApi().status).toBe(0);
    const live = readFileSync(join(out, 'live.ts'), 'utf8');
    expect(live).toContain('StaffFrame: components["schemas"]["StaffReady"]');
    // the committed file is what the committed schema generates (the header names where it came from)
    const body = (text: string) => text.split('\n').slice(1);
    expect(body(readFileSync(join(web, 'src', 'types', 'api', 'live.ts'), 'utf8'))).toEqual(body(live));
    expect(genApi('--check').status).toBe(0);

    const schema = JSON.parse(readFileSync(frames, 'utf8'));
    schema.$defs.Changed.properties.resource.enum.push('sound');
    writeFileSync(frames, JSON.stringify(schema));
    const stale = genApi('--check');
    expect(stale.status).toBe(1);
    expect(stale.output).toContain('live.ts: stale');
    expect(stale.output).not.toContain('notifications.ts');
    expect(genApi().status).toBe(0);
    expect(readFileSync(join(out, 'live.ts'), 'utf8')).toContain('"tab" | "delivery" | "waiter_call" | "menu" | "sound"');
  });

  it('fails when the live types are missing', { timeout: 60_000 }, () => {
    expect(genApi().status).toBe(0);
    rmSync(join(out, 'live.ts'));
    const run = genApi('--check');
    expect(run.status).toBe(1);
    expect(run.output).toContain('live.ts: missing');
  });
});

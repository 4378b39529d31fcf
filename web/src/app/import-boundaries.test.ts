// eslint.config.js keeps imports flowing app → features → shared: this checks the rule really fires.
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: resolve(dirname(fileURLToPath(import.meta.url)), '../..') });

async function boundaryErrors(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === 'import-x/no-restricted-paths');
}

describe('import boundaries (eslint import-x/no-restricted-paths)', () => {
  const code = "import { useLogout } from '@/features/auth';\nexport const f = useLogout;\n";

  it('shared code may not import a feature', async () => {
    expect(await boundaryErrors('src/lib/probe.ts', code)).toHaveLength(1);
  });
  it('a feature may not import another feature it is not allowed to', async () => {
    expect(await boundaryErrors('src/features/catalog/probe.ts', code)).toHaveLength(1);
  });
  it('the app may import a feature', async () => {
    expect(await boundaryErrors('src/app/probe.ts', code)).toEqual([]);
  });
});

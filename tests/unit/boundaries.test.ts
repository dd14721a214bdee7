// The house boundaries of the architecture page are import rules of the linter (biome.jsonc): each refuses its
// crossing and lets the allowed imports through, so CI catches the next renderer that picks a page.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const BIOME = join(ROOT, 'node_modules', '.bin', 'biome');

/** [file, imported module, refused?] */
const CASES: [string, string, boolean][] = [
  ['renderers/generic/probe.ts', '../../src/pages/shared/authorization', true],
  ['renderers/generic/probe.ts', '../../server/app.ts', true],
  ['renderers/generic/probe.ts', '../../src/app/ui', false],
  ['src/domain/probe.ts', '../app/router/hooks', true],
  ['src/domain/probe.ts', '../api/errors', true],
  ['src/domain/probe.ts', 'react', true],
  ['src/domain/probe.ts', '../generated/errors', false],
  ['server/http/probe.ts', '../../src/app/store', true],
  ['server/http/probe.ts', '../../renderers/generic/cells', true],
  ['server/http/probe.ts', '../../src/domain/money.ts', false],
  ['src/pages/probe.ts', '../../server/app.ts', true],
  ['src/app/ui/probe.ts', '../../domain/language', false],
];

const work = mkdtempSync(join(tmpdir(), 'sema-boundaries-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The linter's diagnostics for every probe file, run once with the repository's configuration (outside git). */
const diagnostics = (() => {
  const config = readFileSync(join(ROOT, 'biome.jsonc'), 'utf8').replace('"enabled": true,\n    "clientKind": "git"', '"enabled": false,\n    "clientKind": "git"');
  writeFileSync(join(work, 'biome.jsonc'), config);
  CASES.forEach(([file, module], i) => {
    const path = join(work, file.replace('probe', `probe${i}`));
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, `import * as m from '${module}';\nexport const used = m;\n`);
  });
  let out: string;
  try {
    out = execFileSync(BIOME, ['lint', '--reporter=json', '--max-diagnostics=none', '.'], { cwd: work, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  } catch (e) {
    out = (e as { stdout: string }).stdout; // exit code 1: there were errors
  }
  return (JSON.parse(out) as { diagnostics: { category: string; location: { path: string } }[] }).diagnostics;
})();

describe('house boundaries', () => {
  it.each(CASES.map(([file, module, refused], i) => [file, module, refused, i] as const))('%s importing %s: refused %s', (file, _module, refused, i) => {
    const probe = file.replace('probe', `probe${i}`);
    const hits = diagnostics.filter((d) => d.location.path.endsWith(probe) && d.category === 'lint/style/noRestrictedImports');
    expect(hits.length > 0).toBe(refused);
  });
});

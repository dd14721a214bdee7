// Browser code takes an enumeration's values and labels from its own generated module
// (src/generated/enums/<name>.ts), never from the enums barrel: the bundler puts a module whole in one chunk,
// so enumerations sharing a module with one the first page needs would all ride in the first page (the
// checkout pages' four enumerations weighed 0.4 kB there). Type imports from the barrel are fine.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');
const files = (dir: string): string[] =>
  readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? (d.name === 'generated' ? [] : files(join(dir, d.name))) : /\.tsx?$/.test(d.name) ? [join(dir, d.name)] : [],
  );
/** A value import (not `import type`) whose module is the enums barrel. */
const BARREL_VALUE_IMPORT = /import\s+(?!type\b)[^;]*?from\s+'[^']*generated\/enums(?:\/index)?(?:\.ts)?'/g;

describe('enumerations in browser code', () => {
  it('come from their own modules, not from the barrel', () => {
    const offenders = [...files('src'), ...files('renderers')].filter((f) => BARREL_VALUE_IMPORT.test(readFileSync(join(ROOT, f), 'utf8')));
    expect(offenders.map((f) => relative(ROOT, join(ROOT, f)))).toEqual([]);
  });

  it('the check sees a value import from the barrel and lets a type import and an own module through', () => {
    const probe = (text: string) => new RegExp(BARREL_VALUE_IMPORT.source).test(text);
    expect(probe("import { orderStatus } from '../../generated/enums';")).toBe(true);
    expect(probe("import { authCode, type EnumEntry } from '../generated/enums/index.ts';")).toBe(true);
    expect(probe("import type { EnumEntry } from '../generated/enums';")).toBe(false);
    expect(probe("import { orderStatus } from '../../generated/enums/orderStatus';")).toBe(false);
  });
});

// The website pages' strings (src/app/i18n/website.{tr,en}.json, loaded with their chunks): the same keys
// and interpolation variables in both languages, no empty value, and no key that tr.json/en.json also holds.
import en from '../../src/app/i18n/website.en.json';
import tr from '../../src/app/i18n/website.tr.json';
import coreEn from '../../src/app/i18n/en.json';

type Tree = { [key: string]: string | Tree };

const leaves = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === 'object' ? leaves(v, `${prefix}${k}.`) : [[`${prefix}${k}`, v] as [string, string]]));

describe('website page strings', () => {
  it('have the same keys and variables in Turkish and English, none empty', () => {
    const t = new Map(leaves(tr));
    const e = new Map(leaves(en));
    expect([...t.keys()].sort()).toEqual([...e.keys()].sort());
    const vars = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const [key, value] of t) {
      expect(value.trim(), key).not.toBe('');
      expect(vars(value), key).toEqual(vars(e.get(key)!));
    }
  });

  it('live under their own top-level key, which the first-page resources do not hold', () => {
    expect(Object.keys(tr)).toEqual(['website']);
    expect(Object.keys(en)).toEqual(['website']);
    expect(coreEn).not.toHaveProperty('website');
  });
});

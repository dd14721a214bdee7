import en from '../../src/app/i18n/en.json';
import tr from '../../src/app/i18n/tr.json';

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): [string, string | Tree][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? leaves(value, `${prefix}${key}.`) : [[`${prefix}${key}`, value] as [string, string]],
  );
}

describe('i18n resources', () => {
  it('have exactly the same keys in Turkish and English', () => {
    const trKeys = leaves(tr).map(([k]) => k).sort();
    const enKeys = leaves(en).map(([k]) => k).sort();
    expect(trKeys).toEqual(enKeys);
    expect(trKeys.length).toBeGreaterThan(20);
  });

  it.each([
    ['tr', tr],
    ['en', en],
  ])('%s has no empty or non-text values', (_lang, resource) => {
    for (const [key, value] of leaves(resource as Tree)) {
      expect(typeof value, key).toBe('string');
      expect((value as string).trim(), key).not.toBe('');
    }
  });

  it('use the same interpolation variables in both languages', () => {
    const vars = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    const enMap = new Map(leaves(en));
    for (const [key, value] of leaves(tr)) expect(vars(value as string), key).toEqual(vars(enMap.get(key) as string));
  });
});

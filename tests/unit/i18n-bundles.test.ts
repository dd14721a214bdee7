// The strings that load with their pages' chunks (src/app/i18n/<group>.{tr,en}.json): the same keys and
// interpolation variables in both languages, no empty value, and no top-level key that the first-page
// resources (tr.json/en.json) or another group also hold.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

type Tree = { [key: string]: string | Tree };
const DIR = join(import.meta.dirname, '..', '..', 'src', 'app', 'i18n');
const read = (file: string): Tree => JSON.parse(readFileSync(join(DIR, file), 'utf8'));
const leaves = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === 'object' ? leaves(v, `${prefix}${k}.`) : [[`${prefix}${k}`, v] as [string, string]]));
const vars = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

const groups = readdirSync(DIR)
  .map((f) => /^([a-z]+)\.tr\.json$/.exec(f)?.[1])
  .filter((g): g is string => Boolean(g));

describe('strings loaded with their pages', () => {
  it('exist for the account pages, the analysis pages, the billing page, the checkout pages, the clinical dashboard, the database page, the data-model designer, the documents page, the dose calculator, the frame pages, the mail sending page, the speed-monitoring page, the patient pages, the processes page, the protocol pages, the statistics and machine-learning panels, the treatment pages, the recording form, the rule canvas, the generic renderer, the storefront, the support pages and the website pages', () => {
    expect(groups.sort()).toEqual(['account', 'analysis', 'billing', 'checkout', 'dashboard', 'database', 'designer', 'documents', 'dosing', 'frames', 'mail', 'monitoring', 'patient', 'processes', 'protocol', 'recording', 'rules', 'screen', 'shop', 'statistics', 'support', 'treatment', 'website']);
  });

  it.each(groups)('%s: the same keys and variables in Turkish and English, none empty', (group) => {
    const t = new Map(leaves(read(`${group}.tr.json`)));
    const e = new Map(leaves(read(`${group}.en.json`)));
    expect([...t.keys()].sort()).toEqual([...e.keys()].sort());
    for (const [key, value] of t) {
      expect(value.trim(), key).not.toBe('');
      expect(vars(value), key).toEqual(vars(e.get(key)!));
    }
  });

  it('never hold a top-level key that the first page or another group holds', () => {
    const owners = new Map<string, string>();
    for (const file of ['en.json', ...groups.map((g) => `${g}.en.json`)])
      for (const key of Object.keys(read(file))) {
        expect(owners.get(key), `${key} in ${file}`).toBeUndefined();
        owners.set(key, file);
      }
  });
});

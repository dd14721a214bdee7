// The record forms' validators compiled by codegen (the browser may not compile code: no eval under the
// CSP): every catalogue form has one, and it judges form data exactly as ajv compiling the form at run time.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RJSFSchema } from '@rjsf/utils';
import { formSchemaOf, type FormMode } from '../../src/domain/form-schema';
import type { ResolvedScreen } from '../../src/domain/screen';
import { SCREEN_IDS } from '../../src/generated/screens/index';
import { formValidatorLoaders } from '../../src/generated/validators/index';
import { formValidatorOf, loadedFormValidator, setUnlistedFormValidators } from '../../renderers/generic/record/validator';
import { compileFormValidator } from '../component/support/form-validators';

const ROOT = join(import.meta.dirname, '..', '..');
const resolved = (id: string): ResolvedScreen => JSON.parse(readFileSync(join(ROOT, 'src', 'generated', 'screens', `${id}.json`), 'utf8'));
const forms = SCREEN_IDS.flatMap((id) => (['new', 'edit'] as FormMode[]).flatMap((mode) => {
  const schema = formSchemaOf(resolved(id), mode);
  return schema ? [{ id, mode, schema }] : [];
}));

/** Errors as the form shows them: where, which rule. */
const judged = (errors: { property?: string; name?: string }[]) => errors.map((e) => `${e.property} ${e.name}`).sort();

describe('the compiled form validators', () => {
  afterEach(() => setUnlistedFormValidators(undefined));

  it('exist for every form of the catalogue, loaded once per form', async () => {
    expect(forms.length).toBeGreaterThanOrEqual(10);
    for (const { id, mode, schema } of forms) expect(formValidatorLoaders[schema.$id as string], `${id} ${mode}`).toBeTypeOf('function');
    const units = forms.find((f) => f.id === 'website_unit' && f.mode === 'new')!.schema;
    const first = await formValidatorOf(units);
    expect(await formValidatorOf(units)).toBe(first);
    expect(loadedFormValidator(units)).toBe(first);
  });

  it('judge empty, wrong and good form data as run-time ajv does, oneOf branches included', async () => {
    const samples: Record<string, unknown>[] = [
      {},
      { route_name: 'Bad Name', caption: { tr: 'Yalnız' }, position: -1, content: { kind: 'text', text: { tr: 'a' } } },
      { route_name: 'news', path: { tr: '/haberler', en: '/news' }, position: 1, login: false, show_in_menu: true, shop_active: false, caption: { tr: 'Haberler', en: 'News' }, content: { kind: 'text', text: { tr: 'Merhaba', en: 'Hello' } } },
      { shop_name: '', shop_tax_number: '12', shop_mail: 'not-mail', bank_account_list: [{ iban: 'x' }] },
      { bundle_name: 'x'.repeat(5000), bundle_status: 'nope', price: 'ten' },
    ];
    let compared = 0;
    for (const { id, mode, schema } of forms) {
      const compiled = await formValidatorOf(schema);
      const runtime = await compileFormValidator(schema);
      for (const data of samples) {
        const a = compiled.validateFormData(data, schema as RJSFSchema);
        const b = runtime.validateFormData(data, schema as RJSFSchema);
        expect(judged(a.errors), `${id} ${mode} ${JSON.stringify(data)}`).toEqual(judged(b.errors));
        compared += 1;
      }
    }
    expect(compared).toBe(forms.length * samples.length);
    // The good unit passes, the bad one fails on its fields and in the chosen content branch only.
    const units = forms.find((f) => f.id === 'website_unit' && f.mode === 'new')!.schema;
    const unitValidator = await formValidatorOf(units);
    expect(unitValidator.validateFormData(samples[2], units as RJSFSchema).errors).toEqual([]);
    const bad = judged(unitValidator.validateFormData(samples[1], units as RJSFSchema).errors);
    expect(bad).toEqual(expect.arrayContaining(['.route_name pattern', '.caption.en required', '.position minimum', '.content.text.en required']));
    expect(bad.some((e) => e.includes('html'))).toBe(false);
  });

  it('refuses a form outside the catalogue unless a source for such forms is set', async () => {
    const own = { $id: 'https://sema.dev/test/own.form.json', type: 'object', properties: { a: { type: 'string' } } } as const;
    await expect(formValidatorOf({ ...own })).rejects.toThrow(/npm run codegen/);
    setUnlistedFormValidators(compileFormValidator);
    const v = await formValidatorOf({ ...own });
    expect(v.isValid({ type: 'string' }, 'x', own as RJSFSchema)).toBe(true);
  });
});

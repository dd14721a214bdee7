// The data-model rules of spec section 5: each broken rule is reported once, at the field a designer must fix,
// with the catalogue's message in both languages; a sound model has no problems.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { execute, emptyHistory, type Command } from '../../src/domain/data-model/commands';
import { problemMessage, validateModel, type Problem } from '../../src/domain/data-model/validate';
import type { DataModel } from '../../src/generated/types/entities';

const model = (JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'fixtures', 'entities', 'data_model.json'), 'utf8')) as { valid: DataModel[] }).valid[0];

const edited = (...commands: Command[]): DataModel => commands.reduce((doc, c) => execute(doc, emptyHistory(), c)!.doc, model);
const only = (doc: DataModel): Pick<Problem, 'path' | 'key'>[] => validateModel(doc).map(({ path, key }) => ({ path, key }));
const both = (p: Problem) => ({ en: problemMessage(p, 'en'), tr: problemMessage(p, 'tr') });

describe('data-model validation', () => {
  it('finds nothing wrong in a sound model', () => {
    expect(validateModel(model)).toEqual([]);
  });

  it('title and language are required: the title in the model’s language', () => {
    const noTitle = edited({ type: 'model.set', path: 'title.tr', value: undefined });
    expect(only(noTitle)).toEqual([{ path: ['title', 'tr'], key: 'data_model_title_required' }]);
    expect(both(validateModel(noTitle)[0])).toEqual({ en: 'Please write the data model title.', tr: 'Lütfen veri modelinin başlığını yazın.' });
    const blank = edited({ type: 'model.set', path: 'title.tr', value: '   ' });
    expect(only(blank)).toEqual([{ path: ['title', 'tr'], key: 'data_model_title_required' }]);
    const noLanguage = edited({ type: 'model.set', path: 'language', value: undefined });
    expect(only(noLanguage)).toEqual([{ path: ['language'], key: 'data_model_language_required' }]);
    expect(both(validateModel(noLanguage)[0])).toEqual({ en: 'Please choose the data model language.', tr: 'Lütfen veri modelinin dilini seçin.' });
    const neither = edited({ type: 'model.set', path: 'language', value: undefined }, { type: 'document.replace', doc: { ...model, language: undefined as never, title: {} } });
    expect(only(neither)).toEqual([{ path: ['language'], key: 'data_model_language_required' }, { path: ['title'], key: 'data_model_title_required' }]);
  });

  it('option labels are unique within a parameter, and so is each language’s translation', () => {
    const doc = edited(
      { type: 'option.add', parameter: 'ecog', option: { label: 'ecog 0 ', value: '9' } },
      { type: 'option.update', parameter: 'ecog', option: 1, path: 'translation.en', value: 'Fully active' },
      // the same label in another parameter is fine
      { type: 'option.add', parameter: 'birakti', option: { label: 'ECOG 0', value: '0' } },
    );
    expect(only(doc)).toEqual([
      { path: ['group_list', 0, 'parameter_list', 0, 'option_list', 2, 'label'], key: 'option_label_not_unique' },
      { path: ['group_list', 0, 'parameter_list', 0, 'option_list', 1, 'translation', 'en'], key: 'option_label_not_unique' },
    ]);
    expect(both(validateModel(doc)[0])).toEqual({ en: 'Option labels must be unique.', tr: 'Seçenek etiketleri birbirinden farklı olmalıdır.' });
  });

  it('an option label repeating another option’s translation in the model’s language is a repeat', () => {
    // the model is Turkish: option 0 reads "Tam aktif" in Turkish; a new option labelled so, with no Turkish translation, repeats it
    const doc = edited({ type: 'option.add', parameter: 'ecog', option: { label: 'Tam aktif', value: '5' } });
    expect(only(doc)).toEqual([{ path: ['group_list', 0, 'parameter_list', 0, 'option_list', 2, 'label'], key: 'option_label_not_unique' }]);
  });

  it.each([['kreatinin_'], ['kreatinin-'], ['kre atinin'], ['_kreatinin'], ['kreatinin!'], ['ş'], ['a'.repeat(65)]])('the code %s breaks the pattern', (code) => {
    const doc = edited({ type: 'parameter.update', parameter: 'kreatinin', path: 'code', value: code });
    expect(only(doc)).toEqual([{ path: ['group_list', 1, 'parameter_list', 0, 'code'], key: 'parameter_code_format' }]);
    expect(both(validateModel(doc)[0]).en).toBe('The parameter code can contain only digits, letters, underscore and hyphen, and cannot end with underscore or hyphen.');
  });

  it.each([['K1'], ['kreatinin_2'], ['a-b'], ['7']])('the code %s is a good one', (code) => {
    expect(validateModel(edited({ type: 'parameter.update', parameter: 'kreatinin', path: 'code', value: code }))).toEqual([]);
  });

  it('codes are unique in the whole model, sub-parameters included', () => {
    const doc = edited({ type: 'parameter.update', parameter: 'kreatinin', path: 'code', value: 'paket_yil' });
    const problems = validateModel(doc);
    expect(problems.map(({ path, key }) => ({ path, key }))).toEqual([{ path: ['group_list', 1, 'parameter_list', 0, 'code'], key: 'parameter_code_not_unique' }]);
    expect(both(problems[0])).toEqual({
      en: 'The parameter code paket_yil is used more than once in this data model. Codes must be unique.',
      tr: 'paket_yil parametre kodu bu veri modelinde birden fazla kez kullanılmış. Kodlar birbirinden farklı olmalıdır.',
    });
  });

  it('group codes follow the pattern and are unique', () => {
    const doc = edited({ type: 'group.add', groups: [{ code: 'genel', label: { tr: 'X' }, parameter_list: [] }, { code: 'yeni_', label: { tr: 'Y' }, parameter_list: [] }] });
    const n = model.group_list.length;
    expect(only(doc)).toEqual([
      { path: ['group_list', n + 1, 'code'], key: 'group_code_format' },
      { path: ['group_list', n, 'code'], key: 'group_code_not_unique' },
    ]);
  });

  it('the minimum is not above the maximum', () => {
    const doc = edited({ type: 'parameter.update', parameter: 'kreatinin', path: 'min_limit', value: 40 });
    const problems = validateModel(doc);
    expect(problems.map(({ path, key }) => ({ path, key }))).toEqual([{ path: ['group_list', 1, 'parameter_list', 0, 'min_limit'], key: 'limit_min_over_max' }]);
    expect(both(problems[0])).toEqual({ en: 'The minimum value (40) cannot be greater than the maximum value (30).', tr: 'En küçük değer (40) en büyük değerden (30) büyük olamaz.' });
    expect(validateModel(edited({ type: 'parameter.update', parameter: 'kreatinin', path: 'min_limit', value: 30 }))).toEqual([]);
  });

  it('choice types need options, object and list types sub-parameters', () => {
    const doc = edited(
      { type: 'parameter.add', to: { group: 'genel' }, parameters: [{ code: 'secim', label: { tr: 'Seçim' }, type: 'listbox' }, { code: 'liste', label: { tr: 'Liste' }, type: 'list', parameter_list: [] }] },
    );
    expect(only(doc)).toEqual([
      { path: ['group_list', 0, 'parameter_list', 2, 'option_list'], key: 'parameter_options_required' },
      { path: ['group_list', 0, 'parameter_list', 3, 'parameter_list'], key: 'parameter_sub_parameters_required' },
    ]);
    expect(both(validateModel(doc)[0])).toEqual({ en: 'Please add at least one option for this parameter type.', tr: 'Lütfen bu parametre türü için en az bir seçenek ekleyin.' });
  });

  it.each([['(paket_yil > 0'], ['paket_yil > 0)'], ['((a > 1) and (b < 2)'], ['a in [1, 2)']])('the rule %s has unbalanced parentheses', (rule) => {
    const doc = edited({ type: 'parameter.update', parameter: 'birakti', path: 'rule', value: rule });
    const problems = validateModel(doc);
    expect(problems.map(({ path, key }) => ({ path, key }))).toEqual([{ path: ['group_list', 0, 'parameter_list', 1, 'parameter_list', 1, 'rule'], key: 'parenthesis' }]);
    expect(both(problems[0])).toEqual({ en: 'Please check the parenthesis', tr: 'Lütfen parantezleri kontrol edin' });
  });

  it('a balanced rule passes', () => {
    expect(validateModel(edited({ type: 'parameter.update', parameter: 'birakti', path: 'rule', value: '((paket_yil > 0) and not (paket_yil > 100))' }))).toEqual([]);
  });
});

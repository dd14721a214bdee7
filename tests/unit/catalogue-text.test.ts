// Catalogue texts in the reader's language (src/domain/catalogue-text.ts): the translation of the reader's
// language when it is not empty, else the specification's field, for texts and lists alike.
import { catalogueList, catalogueText, translatedValue } from '../../src/domain/catalogue-text.ts';
import seed from '../../fixtures/seed/shops.json' with { type: 'json' };

const trial = {
  bundle_name: 'Ücretsiz Deneme',
  feature_list: ['100 analiz kredisi', 'Kart gerekmez'],
  translations: { en: { bundle_name: 'Free Trial', feature_list: ['100 analysis credits', 'No card needed'] } },
};

describe('catalogueText', () => {
  it("gives the reader's translation, else the specification's field", () => {
    expect(catalogueText(trial, 'bundle_name', 'en')).toBe('Free Trial');
    // No Turkish translation: the field itself (the site's default language).
    expect(catalogueText(trial, 'bundle_name', 'tr')).toBe('Ücretsiz Deneme');
  });

  it('falls back on an empty or blank translation, and on one of another type', () => {
    for (const en of [{ bundle_name: '' }, { bundle_name: '   ' }, { bundle_name: null }, { bundle_name: 42 }, {}, null, undefined])
      expect(catalogueText({ bundle_name: 'Paket', translations: { en } }, 'bundle_name', 'en')).toBe('Paket');
    expect(catalogueText({ bundle_name: 'Paket', translations: null }, 'bundle_name', 'en')).toBe('Paket');
    expect(catalogueText({ bundle_name: 'Paket' }, 'bundle_name', 'en')).toBe('Paket');
  });

  it('answers the translation even when the field itself is empty or absent, and "" when neither is given', () => {
    expect(catalogueText({ translations: { en: { pro_info: 'Monthly credits' } } }, 'pro_info', 'en')).toBe('Monthly credits');
    expect(catalogueText({ pro_info: '', translations: { en: { pro_info: 'Monthly credits' } } }, 'pro_info', 'tr')).toBe('');
    expect(catalogueText({}, 'pro_info', 'en')).toBe('');
    expect(catalogueText(undefined, 'pro_info', 'en')).toBe('');
  });

  it('keeps the fields apart: a translated name does not stand in for another field', () => {
    const product = { pro_name: 'Deneme Kredisi', pro_count_suffix: 'kredi', translations: { en: { pro_name: 'Trial Credits' } } };
    expect(catalogueText(product, 'pro_name', 'en')).toBe('Trial Credits');
    expect(catalogueText(product, 'pro_count_suffix', 'en')).toBe('kredi');
  });
});

describe('catalogueList', () => {
  it("gives the reader's translated list, else the field's list", () => {
    expect(catalogueList(trial, 'feature_list', 'en')).toEqual(['100 analysis credits', 'No card needed']);
    expect(catalogueList(trial, 'feature_list', 'tr')).toEqual(['100 analiz kredisi', 'Kart gerekmez']);
  });

  it('falls back on an empty list or one with only blank items, and leaves out blank items of a used one', () => {
    const of = (en: unknown) => catalogueList({ feature_list: ['Bir'], translations: { en: { feature_list: en } } }, 'feature_list', 'en');
    expect(of([])).toEqual(['Bir']);
    expect(of(['', '  '])).toEqual(['Bir']);
    expect(of(['One', '', 'Two'])).toEqual(['One', 'Two']);
    expect(of('One')).toEqual(['Bir']);
    expect(catalogueList({}, 'feature_list', 'en')).toEqual([]);
  });
});

describe('translatedValue', () => {
  it('is the same rule for any field of any record, answering the own value (of any type) when there is no translation', () => {
    expect(translatedValue(trial, 'feature_list', 'en')).toEqual(['100 analysis credits', 'No card needed']);
    expect(translatedValue({ priority: 'high', translations: { en: {} } }, 'priority', 'en')).toBe('high');
    expect(translatedValue({ pro_usage_count: 10 }, 'pro_usage_count', 'en')).toBe(10);
    expect(translatedValue(null, 'bundle_name', 'en')).toBeUndefined();
  });
});

it('shows every demo bundle and product in English to an English reader and in Turkish to a Turkish one', () => {
  for (const { bundle, product_list } of seed.shops.flatMap((s) => s.bundle_list)) {
    expect(catalogueText(bundle, 'bundle_name', 'en')).not.toBe(catalogueText(bundle, 'bundle_name', 'tr'));
    for (const p of product_list) expect(catalogueText(p, 'pro_name', 'en')).not.toBe(catalogueText(p, 'pro_name', 'tr'));
  }
});

// Searching patients by name in Turkish: typed with or without Turkish letters, in any case, the name is found.
import { describe, expect, it } from 'vitest';
import { foldForSearch } from '../../src/domain/search-text.ts';

describe('search folding', () => {
  it('folds Turkish letters and case to plain lower case', () => {
    expect(foldForSearch('Ayşe Örnekoğlu')).toBe('ayse ornekoglu');
    expect(foldForSearch('AYŞE ÖRNEKOĞLU')).toBe('ayse ornekoglu');
    expect(foldForSearch('İlker Işık Çağ Üzüm')).toBe('ilker isik cag uzum');
  });
});

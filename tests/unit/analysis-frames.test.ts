// The frame pages' pure helpers (issue 14): search words marked where they begin a word, Turkish casing and
// dotted/dotless i alike (as the server matches them); a cell formula checked against a project's columns with
// the rule engine's messages before any call.
import { checkFormula } from '../../src/pages/analysis/frames/formula';
import { markWords, queryWords } from '../../src/pages/analysis/frames/mark';
import type { AnalysisColumn } from '../../src/generated/types/entities';

const marked = (text: string, query: string) =>
  markWords(text, queryWords(query))
    .filter((p) => p.marked)
    .map((p) => p.text);

describe('search words marked in a result', () => {
  it('marks a typed word where it begins a word, whatever its case, and never inside a word', () => {
    expect(marked('Iris flowers; Irises and a virus', 'iris')).toEqual(['Iris', 'Iris']);
    expect(marked('Sepal and petal sizes', 'PET siz')).toEqual(['pet', 'siz']);
  });

  it('takes Turkish I and i, dotted or not, as one letter, as the search does', () => {
    expect(marked('IŞIK ölçümleri, ışık yılı ve İşık Sokağı', 'ışık')).toEqual(['IŞIK', 'ışık', 'İşık']);
    expect(marked('İSTANBUL verisi', 'istanbul')).toEqual(['İSTANBUL']);
  });

  it('keeps every character of the text, in order', () => {
    const text = 'Üç iris türünün (Fisher, 1936) ölçüleri.';
    expect(markWords(text, queryWords('iris 1936')).map((p) => p.text).join('')).toBe(text);
  });
});

const column = (column_index: number, column_name: string, column_type: AnalysisColumn['column_type']): AnalysisColumn => ({
  column_id: `c0000000-0000-4000-8000-00000000000${column_index}`,
  column_index,
  column_name,
  column_type,
});
const COLUMNS = [column(0, 'weight', 'numeric'), column(1, 'height', 'numeric'), column(2, 'group', 'categorical'), column(3, 'visit', 'date')];

describe('a cell formula checked in the browser', () => {
  it('answers the columns a good formula uses, in its order', () => {
    const checked = checkFormula('round(height / weight, 2) + days_since(visit)', COLUMNS);
    expect(checked).toEqual({ ok: true, used: [COLUMNS[1], COLUMNS[0], COLUMNS[3]] });
  });

  it("gives the engine's parenthesis message with the bracket's position", () => {
    const checked = checkFormula('(weight * 2', COLUMNS);
    expect(checked.ok).toBe(false);
    expect(!checked.ok && 'issue' in checked && checked.issue.message).toEqual({
      en: 'Please check the parenthesis: the one at position 1 is never closed',
      tr: 'Lütfen parantezleri kontrol edin: 1. konumdaki parantez hiç kapanmıyor',
    });
  });

  it('names a column the project does not have, at its position, and a type that does not fit', () => {
    expect(checkFormula('weight / heigth', COLUMNS)).toEqual({ ok: false, unknownColumn: 'heigth', pos: 10 });
    const typed = checkFormula('group * 2', COLUMNS);
    expect(!typed.ok && 'issue' in typed && typed.issue.message.en).toMatch(/“\*” cannot be used with a text and a number/);
  });
});

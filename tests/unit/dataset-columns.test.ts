// How an uploaded sheet's cells and columns are read (issue 14): cells normalised, types detected with a
// tolerance for a few bad cells, categories told from free text, headers made unique, column summaries.
import { describe, expect, it } from 'vitest';
import { cellAs, columnLetters, columnNames, detectColumnType, normaliseCell } from '../../src/domain/dataset-columns';
import { summariseColumn } from '../../src/domain/column-summary';

describe('dataset cells', () => {
  it('reads numbers (also with a Turkish decimal comma), yes/no in both languages, Excel and ISO dates, and trims text', () => {
    expect([12, '3.5', ' 42 ', '3,75', '-1e3'].map(normaliseCell)).toEqual([12, 3.5, 42, 3.75, -1000]);
    expect(['Evet', 'HAYIR', 'yes', 'no', true, 'doğru'].map(normaliseCell)).toEqual([true, false, true, false, true, true]);
    expect([new Date(Date.UTC(2024, 1, 29)), '2024-03-01', '2024-02-30'].map(normaliseCell)).toEqual(['2024-02-29', '2024-03-01', '2024-02-30']);
    expect(['  Ankara ', '', '   ', undefined, null, Number.NaN, '1.234,5'].map(normaliseCell)).toEqual(['Ankara', null, null, null, null, null, '1.234,5']);
  });

  it('reads a cell as its column type says, an unreadable one as missing', () => {
    expect(cellAs('n/a', 'numeric')).toBeNull();
    expect(cellAs(2, 'categorical')).toBe('2');
    expect(cellAs('2024-13-01', 'date')).toBeNull();
    expect(cellAs(true, 'text')).toBe('true');
  });
});

describe('column type detection', () => {
  const numbers = (n: number) => Array.from({ length: n }, (_, i) => i * 1.5);

  it('tolerates up to 5 % unreadable cells in a number column, not more', () => {
    expect(detectColumnType([...numbers(19), 'n/a', null, null])).toBe('numeric');
    expect(detectColumnType([...numbers(18), 'n/a', 'eksik'])).not.toBe('numeric');
  });

  it('tells dates, yes/no, categories and free text apart; an empty column is text', () => {
    expect(detectColumnType(['2024-01-01', '2024-05-06', null])).toBe('date');
    expect(detectColumnType([true, false, false, null])).toBe('boolean');
    expect(detectColumnType(Array.from({ length: 60 }, (_, i) => (i % 2 ? 'VC' : 'OJ')))).toBe('categorical');
    // 30 different cities among 1,000 rows (3 %) are categories; 30 names, all different, are not.
    expect(detectColumnType(Array.from({ length: 1000 }, (_, i) => `city ${i % 30}`))).toBe('categorical');
    expect(detectColumnType(Array.from({ length: 30 }, (_, i) => `name ${i}`))).toBe('text');
    expect(detectColumnType(Array.from({ length: 1000 }, (_, i) => `comment ${i % 400}`))).toBe('text');
    expect(detectColumnType([null, null])).toBe('text');
  });
});

describe('column names', () => {
  it('names an empty header after its letter in the uploader language and makes repeated names unique, ignoring case', () => {
    expect(columnNames(['age', null, 'Age', 'age', ' '], 5, 'en')).toEqual(['age', 'Column B', 'Age (2)', 'age (3)', 'Column E']);
    expect(columnNames(['x'], 3, 'tr')).toEqual(['x', 'B sütunu', 'C sütunu']);
    expect([0, 25, 26, 701, 702].map(columnLetters)).toEqual(['A', 'Z', 'AA', 'ZZ', 'AAA']);
  });
});

describe('column summaries', () => {
  it('gives N, missing, mean, median, sample SD and range of numbers (R: mtcars$mpg[1:6])', () => {
    // R: x <- c(21, 21, 22.8, 21.4, 18.7, 18.1); mean(x) 20.5; median(x) 21; sd(x) 1.766352
    const s = summariseColumn([21, 21, 22.8, 21.4, 18.7, 18.1, null, 'n/a'], 'numeric');
    expect(s).toMatchObject({ count: 6, missing_count: 2, median: 21, minimum: 18.1, maximum: 22.8 });
    expect(s.mean).toBeCloseTo(20.5, 10);
    expect(s.standard_deviation).toBeCloseTo(1.766352, 6);
  });

  it('leaves out figures too large to keep, and the SD of a single value', () => {
    expect(summariseColumn([5], 'numeric')).toEqual({ count: 1, missing_count: 0, mean: 5, median: 5, minimum: 5, maximum: 5 });
    expect(summariseColumn([1, 3e16], 'numeric')).toEqual({ count: 2, missing_count: 0, minimum: 1 });
  });

  it('counts categories most frequent first', () => {
    expect(summariseColumn(['b', 'a', 'b', null, 'c', 'b', 'a'], 'categorical')).toEqual({
      count: 6,
      missing_count: 1,
      category_list: [
        { value: 'b', count: 3 },
        { value: 'a', count: 2 },
        { value: 'c', count: 1 },
      ],
    });
  });
});

// Calculated dataset columns (issue 14): formulas in the rule engine's expression language over columns named by
// name or code, evaluated per row with the reason a row has no value; parentheses and unknown names refused.
import { describe, expect, it } from 'vitest';
import { columnCode, compileFormula, type FormulaColumn } from '../../src/domain/calculated-column';

const columns: FormulaColumn[] = [
  { name: 'Weight (kg)', type: 'numeric', index: 0 },
  { name: 'height', type: 'numeric', index: 1 },
  { name: 'visit', type: 'date', index: 2 },
  { name: 'city', type: 'categorical', index: 3 },
];

const compiled = (text: string) => {
  const f = compileFormula(text, columns, '2024-06-30');
  if (!f.ok) throw new Error(f.issue.message.en);
  return f;
};

describe('calculated columns', () => {
  it('reaches a column by its name or by its code', () => {
    expect(columnCode('Weight (kg)')).toBe('weight_kg');
    expect(columnCode('2nd dose')).toBe('_2nd_dose');
    const bmi = compiled('round(weight_kg / (height * height) * 10000, 1)');
    expect(bmi.evaluate([70, 175, '2024-01-01', 'Ankara'])).toEqual({ value: 22.9 });
    expect(bmi.reads.map((c) => c.name)).toEqual(['Weight (kg)', 'height']);
  });

  it('calculates with dates and today', () => {
    expect(compiled('visit + 30').evaluate([null, null, '2024-01-15', null])).toEqual({ value: '2024-02-14' });
    expect(compiled('days_since(visit)').evaluate([null, null, '2024-06-01', null])).toEqual({ value: 29 });
  });

  it('says why a row has no value: an empty or unreadable cell, or a division by zero', () => {
    const f = compiled('weight_kg / height');
    expect(f.evaluate([70, 0, null, null])).toEqual({ value: null, error: { en: 'no value: a division by zero or a number out of range', tr: 'değer yok: sıfıra bölme ya da aralık dışı bir sayı' } });
    expect(f.evaluate(['n/a', 170, null, null]).error?.en).toBe('“Weight (kg)” is empty in this row');
  });

  it('refuses unbalanced parentheses, unknown columns and mixed types', () => {
    const paren = compileFormula('(height + 1', columns, '2024-06-30');
    expect(paren.ok || paren.issue.code).toBe('parenthesis');
    const unknown = compileFormula('weight * 2', columns, '2024-06-30');
    expect(unknown.ok || unknown.issue.message.tr).toBe('“weight” bu projenin bir sütunu değil.');
    const mixed = compileFormula('city * 2', columns, '2024-06-30');
    expect(mixed.ok || mixed.issue.code).toBe('arithmetic_type');
  });
});

// The statistics panel's rules without a page: figures as jamovi prints them in both languages, and what a
// choice of analyses and columns still lacks before it may run.
import { formatCount, formatP, formatPercent, formatShare, formatStat } from '../../src/pages/analysis/statistics/format';
import { fittingTypes, gaps } from '../../src/pages/analysis/statistics/needs';
import type { AnalysisColumn } from '../../src/generated/types/entities';

describe('figures', () => {
  it('print p below .001 as "< .001", and with a decimal comma in Turkish', () => {
    expect(formatP(0.00099, 'en')).toBe('< .001');
    expect(formatP(8.9e-18, 'tr')).toBe('< ,001');
    expect(formatP(0.001, 'en')).toBe('0.001');
    expect(formatP(0.0455, 'tr')).toBe('0,046');
    expect(formatP(null, 'en')).toBe('—');
  });

  it('print statistics to three decimals, tiny and huge ones in scientific notation, counts whole', () => {
    expect(formatStat(-0.93, 'en')).toBe('-0.930');
    expect(formatStat(5.843333, 'tr')).toBe('5,843');
    expect(formatStat(0.00004512, 'en')).toBe('4.51E-5');
    expect(formatStat(0, 'en')).toBe('0.000');
    expect(formatCount(1240, 'tr')).toBe('1.240');
    expect(formatCount(86.538, 'en')).toBe('86.538');
    expect(formatPercent(33.3333, 'tr')).toBe('%33,3');
    expect(formatShare(0.9333, 'en')).toBe('93.3%');
  });
});

const column = (column_id: string, column_type: AnalysisColumn['column_type']): AnalysisColumn => ({ column_id, column_index: 0, column_name: column_id.toUpperCase(), column_type });
const columns = [column('len', 'numeric'), column('dose', 'numeric'), column('supp', 'categorical'), column('day', 'date')];

describe('a choice of analyses', () => {
  it('lacks an analysis first, then what each chosen one needs', () => {
    expect(gaps({ analyses: [], variables: [], group: '', dependent: '' }, columns)).toEqual([{ kind: 'analysis' }]);
    expect(gaps({ analyses: ['t_test'], variables: [], group: '', dependent: '' }, columns).map((g) => g.kind)).toEqual(['variables', 'group']);
    expect(gaps({ analyses: ['correlation'], variables: ['len'], group: '', dependent: '' }, columns)).toEqual([{ kind: 'variables', analysis: 'correlation', min: 2 }]);
  });

  it('refuses a column its analysis cannot use, and an outcome that is also a predictor', () => {
    expect(gaps({ analyses: ['descriptive'], variables: ['len', 'supp'], group: '', dependent: '' }, columns)).toEqual([{ kind: 'variableType', analysis: 'descriptive', column: columns[2] }]);
    expect(gaps({ analyses: ['linear_regression'], variables: ['dose', 'len'], group: '', dependent: 'len' }, columns)).toEqual([{ kind: 'dependentAlsoVariable', column: columns[0] }]);
  });

  it('is complete with its columns, groups and outcome', () => {
    expect(gaps({ analyses: ['t_test', 'anova', 'descriptive'], variables: ['len'], group: 'supp', dependent: '' }, columns)).toEqual([]);
    expect(gaps({ analyses: ['logistic_regression'], variables: ['len', 'supp'], group: '', dependent: 'dose' }, columns)).toEqual([]);
  });

  it('offers only the column types every chosen analysis takes', () => {
    expect(fittingTypes(['frequency'], 'variables')).toEqual(['numeric', 'categorical', 'boolean', 'date', 'text']);
    expect(fittingTypes(['frequency', 'descriptive'], 'variables')).toEqual(['numeric']);
    expect(fittingTypes(['crosstab', 't_test'], 'group')).toEqual(['numeric', 'categorical', 'boolean', 'text']);
    expect(fittingTypes(['linear_regression'], 'dependent')).toEqual(['numeric']);
  });
});

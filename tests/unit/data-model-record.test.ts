import { readFileSync } from 'node:fs';
import { compileRecordModel, decimalsOf, recordErrors, recordProblemMessage, type RecordValues } from '../../src/domain/data-model/record';
import type { DataModel } from '../../src/generated/types/entities';

const model = JSON.parse(readFileSync('fixtures/data-models/models/oncology_baseline.json', 'utf8')) as DataModel;
const compiled = compileRecordModel(model);
const today = '2026-11-26';

const valid: RecordValues = {
  mrn: '00123456',
  birth_year: '1961',
  sex: 'M',
  weight: 72.5,
  height: 178,
  measured_on: '2026-11-20',
  ecog: '1',
  symptoms: ['fatigue'],
  prior_treatments: [{ treatment_name: 'FOLFOX', treatment_start: '2025-03' }],
};

const problemsOf = (values: RecordValues) => compiled.check(values, { today }).map((p) => [p.path.join('.'), p.key, p.severity === 'warning' ? 'warning' : undefined].filter(Boolean).join(' '));

describe('checking a record against a data model version', () => {
  it('accepts a complete record', () => {
    expect(compiled.check(valid, { today })).toEqual([]);
  });

  it('refuses every empty required field with the spec message, in both languages', () => {
    const problems = compiled.check({}, { today });
    expect(problems.map((p) => p.path.join('.'))).toEqual(['mrn', 'birth_year', 'sex', 'weight', 'height', 'measured_on', 'ecog']);
    expect(recordProblemMessage(problems[0], 'en')).toBe('This field is required. Please fill it.');
    expect(recordProblemMessage(problems[0], 'tr')).toBe('Bu alan zorunludur. Lütfen doldurun.');
  });

  it('says the minimum, the maximum, the decimals, the length and the allowed characters', () => {
    const problems = compiled.check({ ...valid, weight: 0.55, height: 300, mrn: '12-34567890123' }, { today });
    expect(problems.map((p) => [p.path.join('.'), recordProblemMessage(p, 'en')])).toEqual([
      ['mrn', 'Character length is more than expected. Expected length: 12'],
      ['mrn', 'Only these characters can be written: 0123456789'],
      ['weight', 'You have exceeded the maximum decimal number. Maximum decimal number: 1'],
      ['weight', 'You have written under the minimum value. Minimum value should be; 1'],
      ['height', 'You have exceeded the maximum value. Maximum value should be; 250'],
    ]);
  });

  it('asks a shown question only: pregnancy for women, the pain score when pain is ticked, a note from ECOG 2', () => {
    expect(problemsOf({ ...valid, sex: 'F' })).toEqual(['pregnant field_required']);
    expect(problemsOf({ ...valid, symptoms: ['pain'] })).toEqual(['pain_score field_required']);
    expect(problemsOf({ ...valid, symptoms: ['pain'], pain_score: 11 })).toEqual(['pain_score max_value']);
    expect(compiled.shown('ecog_note', { ...valid, ecog: '2' })).toBe(true);
    expect(compiled.shown('ecog_note', valid)).toBe(false);
    expect(compiled.shown('pregnant', {})).toBe(false);
  });

  it('keeps only shown, known and filled values when a record is stored', () => {
    const { symptoms: _, ...withoutSymptoms } = valid;
    expect(compiled.clean({ ...valid, pregnant: '1', ecog_note: 'hidden now', symptoms: [], pain_score: 3 })).toEqual(withoutSymptoms);
  });

  it('refuses an unknown option, a wrong type and an unknown parameter', () => {
    expect(problemsOf({ ...valid, sex: 'X', height: 170.5, ecog: 1 as unknown as string, extra: 'x', symptoms: ['fatigue', 'fatigue'] })).toEqual([
      'extra record_field_unknown',
      'sex record_option_invalid',
      'height record_integer_invalid',
      'ecog record_option_invalid',
      'symptoms record_option_invalid',
    ]);
  });

  it('checks dates by their type and range, and flags a date older than 30 days without refusing it', () => {
    expect(problemsOf({ ...valid, measured_on: '2026-11-27' })).toEqual(['measured_on date_after_today']);
    expect(problemsOf({ ...valid, measured_on: '2026-02-30' })).toEqual(['measured_on record_date_invalid']);
    expect(problemsOf({ ...valid, birth_year: '61' })).toEqual(['birth_year record_date_invalid']);
    expect(problemsOf({ ...valid, measured_on: '2026-10-26' })).toEqual(['measured_on date_older_30_days warning']);
    expect(problemsOf({ ...valid, measured_on: '2026-10-27' })).toEqual([]);
    // This month is not "after today" even on its first day.
    expect(problemsOf({ ...valid, prior_treatments: [{ treatment_name: 'FOLFOX', treatment_start: '2026-11' }] })).toEqual([]);
    expect(recordErrors(compiled.check({ ...valid, measured_on: '2020-01-01' }, { today }))).toEqual([]);
  });

  it('checks each row of a list', () => {
    expect(problemsOf({ ...valid, prior_treatments: [{ treatment_name: 'FOLFOX' }, { treatment_start: '2027-01' }] })).toEqual([
      'prior_treatments.1.treatment_name field_required',
      'prior_treatments.1.treatment_start date_after_today',
    ]);
  });

  it('shows a parameter whose rule cannot be compared rather than hiding it', () => {
    const odd = compileRecordModel({
      ...model,
      group_list: [{ code: 'g', label: { en: 'G' }, parameter_list: [{ code: 'a', label: { en: 'A' }, type: 'text', required: true, rule: 'unknown_field > 3' }] }],
    });
    expect(odd.shown('a', {})).toBe(true);
    expect(odd.check({}, { today }).map((p) => p.key)).toEqual(['field_required']);
  });

  it('counts decimals as written', () => {
    expect([decimalsOf(1), decimalsOf(1.5), decimalsOf(0.125), decimalsOf(2e-7), decimalsOf(1e21)]).toEqual([0, 1, 3, 7, 0]);
  });
});

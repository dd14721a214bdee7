// `npm run validate` over every record fixture of fixtures/data-models/models/: valid ones pass (warnings
// allowed), invalid ones fail with the messages the recording form shows, in Turkish and English.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { validateCommand } from '../../codegen/validate-record';

const DIR = join(import.meta.dirname, '..', '..', 'fixtures', 'data-models', 'models');
const records = readdirSync(DIR).filter((f) => /\.(valid|invalid)\.\d+\.json$/.test(f));
const modelOf = (file: string) => join(DIR, `${file.split('.')[0]}.json`);
const today = ['--today', '2026-01-10'];

/** The lines the command prints for the errors, as `field: English message`. */
const EXPECTED: Record<string, string[]> = {
  'oncology_baseline.invalid.1.json': [
    'sex: This field is required. Please fill it.',
    'weight: You have exceeded the maximum decimal number. Maximum decimal number: 1',
    'height: You have exceeded the maximum value. Maximum value should be; 250',
    'measured_on: The date cannot be later than today.',
    'ecog: Please choose one of the options.',
  ],
  'oncology_baseline.invalid.2.json': [
    'bmi: This data model has no parameter bmi.',
    'mrn: Character length is more than expected. Expected length: 12',
    'mrn: Only these characters can be written: 0123456789',
    'birth_year: Please write a valid date (YYYY).',
    'pregnant: This field is required. Please fill it.',
    'weight: Please write a number.',
    'height: Please write a whole number.',
    'measured_on: Please write a valid date (YYYY-MM-DD).',
    'symptoms: Please choose one of the options.',
    'pain_score: This field is required. Please fill it.',
    'prior_treatments.0.treatment_name: This field is required. Please fill it.',
    'prior_treatments.0.treatment_start: Please write a valid date (YYYY-MM).',
  ],
};

describe('npm run validate over the record fixtures', () => {
  it('finds valid and invalid fixtures for every model that has them', () => {
    expect(records.filter((f) => f.includes('.valid.')).length).toBeGreaterThanOrEqual(2);
    expect(records.filter((f) => f.includes('.invalid.')).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(records)('%s', async (file) => {
    const { code, output } = await validateCommand([modelOf(file), join(DIR, file), ...today]);
    const lines = output.split('\n');
    if (file.includes('.valid.')) {
      expect(code, output).toBe(0);
      expect(lines.every((l) => !l.includes('  error  '))).toBe(true);
      return;
    }
    expect(code).toBe(1);
    const errors = lines.filter((l) => l.includes('  error  '));
    expect(errors.map((l) => `${l.split('  ')[0]}: ${l.split(' | en: ')[1]}`)).toEqual(EXPECTED[file]);
    expect(errors.every((l) => / {2}error {2}tr: \S/.test(l))).toBe(true);
  });

  it('words the Turkish message too and says how to call it', async () => {
    const { output } = await validateCommand([modelOf('oncology_baseline.invalid.1.json'), join(DIR, 'oncology_baseline.invalid.1.json'), ...today]);
    expect(output).toContain('sex  error  tr: Bu alan zorunludur. Lütfen doldurun.');
    expect((await validateCommand([])).code).toBe(2);
  });
});

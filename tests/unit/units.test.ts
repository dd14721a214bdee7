// The unit catalogue (src/domain/units.ts): UCUM codes, the kinds' pickers and conversions checked against
// published values (NIST: the international inch and pound; clinical chemistry SI tables: creatinine 88.4).
import { ANALYTES, convert, findUnit, PREFERRED_UNIT_CHOICES, UNITS, unitByCode, unitLabel, unitSymbol, unitsOfKind } from '../../src/domain/units';
import { unitKind } from '../../src/generated/enums/unitKind';
import hospitalSettings from '../../schemas/entities/hospital_settings.json' with { type: 'json' };

const value = (c: ReturnType<typeof convert>) => {
  if (!c.ok) throw new Error(c.message.en);
  return c.value;
};

describe('the unit catalogue', () => {
  it('has one entry per UCUM code, and no text that names two units', () => {
    expect(new Set(UNITS.map((u) => u.code)).size).toBe(UNITS.length);
    const texts = UNITS.flatMap((u) => [u.code, u.symbol, ...(u.aliases ?? [])].map((t) => [t, u.code] as const));
    const clashes = texts.filter(([t, code]) => texts.some(([t2, code2]) => t2 === t && code2 !== code));
    expect(clashes).toEqual([]);
  });

  it('offers units for every unit kind, each with both names', () => {
    for (const kind of unitKind.values) {
      const units = unitsOfKind(kind);
      expect(units.length).toBeGreaterThan(2);
      for (const u of units) expect(u.name.en && u.name.tr).toBeTruthy();
    }
    expect(unitsOfKind('length').map((u) => u.code)).toEqual(['cm', 'm', 'mm', '[in_i]', '[ft_i]']);
    expect(unitsOfKind('weight').map((u) => u.code)).toEqual(['kg', 'g', '[lb_av]']);
    expect(unitsOfKind('laboratory').map((u) => u.code)).toEqual(expect.arrayContaining(['mg/dL', 'umol/L', 'mmol/L', 'g/dL', '10*3/uL', 'U/L', '%']));
    expect(unitsOfKind('dose').map((u) => u.code)).toEqual(expect.arrayContaining(['mg', 'ug', 'g', 'mg/m2', 'mg/kg', '[iU]', 'mL', 'mg.min/mL']));
  });

  it('finds a unit by its code (case-sensitive) or by the ways forms write it, and shows it with its symbol', () => {
    expect(unitByCode('umol/L')?.symbol).toBe('µmol/L');
    expect(unitByCode('10*3/uL')?.symbol).toBe('10³/µL');
    expect(unitByCode('MG')).toBeUndefined();
    expect(findUnit('mmHg')?.code).toBe('mm[Hg]');
    expect(findUnit(' mcg ')?.code).toBe('ug');
    expect(findUnit('μmol/L')?.code).toBe('umol/L'); // Greek mu as well as the micro sign
    expect(findUnit('pack-years')).toBeUndefined();
    expect(unitSymbol('[in_i]')).toBe('in');
    expect(unitSymbol('pack-years')).toBe('pack-years');
    // In Turkish a minute is written "dk" and a decimal with a comma; the code and the English symbol stay.
    expect(unitSymbol('mL/min', 'tr')).toBe('mL/dk');
    expect(unitSymbol('mL/min/{1.73_m2}', 'tr')).toBe('mL/dk/1,73 m²');
    expect(unitSymbol('mL/min/{1.73_m2}', 'en')).toBe('mL/min/1.73 m²');
    expect(unitSymbol('mg/dL', 'tr')).toBe('mg/dL');
    expect(unitLabel('umol/L', 'en')).toBe('µmol/L — micromoles per litre');
    expect(unitLabel('[lb_av]', 'tr')).toBe('lb — libre');
    expect(unitLabel('pack-years', 'tr')).toBe('pack-years');
  });
});

describe('conversions', () => {
  it('give the published length and mass values exactly', () => {
    expect(value(convert(1, '[in_i]', 'cm'))).toBe(2.54);
    expect(value(convert(12, '[in_i]', '[ft_i]'))).toBe(1);
    expect(value(convert(1, '[lb_av]', 'kg'))).toBe(0.45359237);
    expect(value(convert(175, 'cm', 'm'))).toBe(1.75);
    expect(value(convert(70, 'kg', '[lb_av]'))).toBeCloseTo(154.3236, 4);
    expect(value(convert(0.5, 'mg', 'ug'))).toBe(500);
  });

  it('convert within a concentration, cell-count or dose dimension', () => {
    expect(value(convert(14, 'g/dL', 'g/L'))).toBe(140);
    expect(value(convert(1, 'mg/dL', 'mg/L'))).toBe(10);
    expect(value(convert(250, '10*3/uL', '10*9/L'))).toBe(250);
    expect(value(convert(4.5, '10*6/uL', '10*12/L'))).toBe(4.5);
    expect(value(convert(1.2, 'g/m2', 'mg/m2'))).toBe(1200);
    expect(value(convert(5, 'mg/kg', 'ug/kg'))).toBe(5000);
    expect(value(convert(3, 'mmol/L', 'umol/L'))).toBe(3000);
  });

  it('convert creatinine mg/dL ↔ µmol/L by 88.4, only when the analyte is named', () => {
    expect(ANALYTES.creatinine.factor).toBe(88.4);
    expect(value(convert(1, 'mg/dL', 'umol/L', 'creatinine'))).toBe(88.4);
    expect(value(convert(88.4, 'umol/L', 'mg/dL', 'creatinine'))).toBe(1);
    expect(value(convert(1.2, 'mg/dL', 'mmol/L', 'creatinine'))).toBeCloseTo(0.10608, 10);
    expect(value(convert(10, 'mg/L', 'umol/L', 'creatinine'))).toBeCloseTo(88.4, 10);
    expect(value(convert(90, 'mg/dL', 'mmol/L', 'glucose'))).toBeCloseTo(4.995, 10);
    const refused = convert(1, 'mg/dL', 'umol/L');
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.message).toEqual({ en: expect.stringContaining('name the analyte'), tr: expect.stringContaining('analiti belirtin') });
  });

  it('refuse what they cannot do instead of guessing', () => {
    for (const [from, to] of [
      ['[iU]', 'mg'],
      ['cm', 'kg'],
      ['meq/L', 'mmol/L'],
      ['[iU]', 'meq/L'],
      ['Cel', 'mm[Hg]'],
      ['mg/m2', 'mg/kg'],
      ['mg', 'furlong'],
    ])
      expect(convert(1, from, to, 'creatinine').ok, `${from} → ${to}`).toBe(false);
    expect(convert(Number.NaN, 'cm', 'm').ok).toBe(false);
    expect(convert(5, 'Cel', 'Cel')).toEqual({ ok: true, value: 5 });
  });
});

describe('preferred units of the hospital settings', () => {
  it('are the entity\'s enumerations, each a catalogue unit of its measurement\'s kind, convertible into each other', () => {
    const schema = hospitalSettings.properties.preferred_units.properties;
    const kinds = { creatinine: 'laboratory', height: 'length', weight: 'weight' } as const;
    expect(Object.keys(PREFERRED_UNIT_CHOICES)).toEqual(Object.keys(schema));
    for (const [m, codes] of Object.entries(PREFERRED_UNIT_CHOICES) as Array<[keyof typeof kinds, readonly string[]]>) {
      expect(codes, m).toEqual(schema[m].enum);
      expect(schema[m].default).toBe(codes[0]);
      for (const code of codes) expect(unitsOfKind(kinds[m]).map((u) => u.code)).toContain(code);
      const analyte = m === 'creatinine' ? 'creatinine' : undefined;
      expect(convert(1, codes[0], codes[1], analyte).ok, m).toBe(true);
    }
  });
});

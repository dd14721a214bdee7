// REDCap data dictionary ⇄ data model (src/domain/data-model/redcap.ts) on the dictionaries under
// fixtures/data-models/redcap/: what each field becomes, what is reported, and that a round trip keeps the model.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { DataModel, DataModelParameter } from '../../src/generated/types/entities';
import { branchingToRule, exportRedcap, importRedcap, parseChoices, REDCAP_COLUMNS, ruleToBranching } from '../../src/domain/data-model/redcap';
import { parseCsv } from '../../src/domain/csv';
import { contractAjv, loadContract, SCHEMA_BASE } from '../../codegen/contract.ts';

const contract = loadContract();
const fitsSchema = contractAjv(contract).getSchema(`${SCHEMA_BASE}entities/data_model.json`)!;

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/data-models/redcap/${name}`, import.meta.url), 'utf8');
const options = { dataModelId: '6f1c2a4e-8d1b-4c3a-9e2f-0a1b2c3d4e5f', owner: 'designer' };
const byCode = (m: DataModel) => new Map(m.group_list.flatMap((g) => g.parameter_list.map((p) => [p.code, p] as [string, DataModelParameter])));

describe('REDCap import', () => {
  const { model, warnings } = importRedcap(fixture('clinical_study.csv'), options);
  const p = byCode(model);

  it('makes a group per form and a parameter per field that holds a value', () => {
    expect(model.group_list.map((g) => [g.code, g.label.en, g.parameter_list.length])).toEqual([
      ['demographics', 'Demographics', 15],
      ['vital_signs', 'Vital signs', 12],
      ['laboratory', 'Laboratory', 9],
      ['medical_history', 'Medical history', 9],
    ]);
    expect(p.size).toBe(45); // 47 fields: the calc and the descriptive one hold no value
    expect(p.has('bmi') || p.has('lab_info')).toBe(false);
    expect(model).toMatchObject({ language: 'en', status: 'draft', version: 1, owner: 'designer' });
  });

  it('maps field types and validations', () => {
    expect(p.get('sbp')).toMatchObject({ type: 'integer', min_limit: 60, max_limit: 260, unit: 'mmHg', required: true });
    expect(p.get('weight')).toMatchObject({ type: 'float', max_decimal: 1, unit: 'kg', unit_kind: 'weight' });
    expect(p.get('height')).toMatchObject({ type: 'float', unit: 'cm', unit_kind: 'length' });
    expect(p.get('height')?.max_decimal).toBeUndefined();
    expect(p.get('dob')).toMatchObject({ type: 'date', date_type: 'date', permitted_date_range: 'today_and_before', anonymization: true, required: true });
    expect(p.get('enrol_date')).toMatchObject({ type: 'date', permitted_date_range: 'today_and_after' });
    expect(p.get('visit_date')).toMatchObject({ type: 'date', date_type: 'datetime' });
    expect(p.get('dm_dx_date')).toMatchObject({ type: 'date', date_type: 'date' });
    expect(p.get('vitals_comment')?.type).toBe('textarea');
    expect(p.get('email')).toMatchObject({ type: 'text', anonymization: true });
    expect(p.get('pain_score')).toMatchObject({ type: 'integer', min_limit: 0, max_limit: 100 });
    expect(p.get('meds')).toMatchObject({ type: 'checkbox', show_while_recording: false });
    expect(p.get('ethnicity')?.type).toBe('select');
  });

  it('reads choices as options, yes/no in both languages, and translations from the annotation', () => {
    expect(p.get('sex')?.option_list).toEqual([
      { label: 'Female', value: '1', translation: { en: 'Female' } },
      { label: 'Male', value: '2', translation: { en: 'Male' } },
      { label: 'Intersex', value: '3', translation: { en: 'Intersex' } },
    ]);
    expect(p.get('pregnant')).toMatchObject({ type: 'radiogroup', option_list: [{ label: 'Yes', value: '1', translation: { en: 'Yes', tr: 'Evet' } }, { label: 'No', value: '0', translation: { en: 'No', tr: 'Hayır' } }] });
    expect(p.get('consent')?.option_list?.map((o) => o.translation?.tr)).toEqual(['Doğru', 'Yanlış']);
    expect(p.get('race')?.option_list).toHaveLength(6);
    expect(p.get('race')?.option_list?.[5]).toEqual({ label: 'Other', value: '98', translation: { en: 'Other', tr: 'Diğer' } });
    expect(p.get('smoker')?.label).toEqual({ en: 'Smoking status', tr: 'Sigara içme durumu' });
    expect(p.get('hx_dm')?.option_list?.map((o) => o.value)).toEqual(['1', '0', '9']);
    expect(parseChoices('1, Yes | 2,No, really |bad| 3 , x')).toEqual({ pairs: [['1', 'Yes'], ['2', 'No, really'], ['3', 'x']], bad: ['bad'] });
  });

  it('turns branching logic into conditions the rule engine reads', () => {
    expect(p.get('pregnant')?.rule).toBe('sex = "1"');
    expect(p.get('gest_weeks')?.rule).toBe('sex = "1" and pregnant = "1"');
    expect(p.get('race_other')?.rule).toBe('race includes "98"');
    expect(p.get('pack_years')?.rule).toBe('smoker = "1" or smoker = "2"');
    expect(p.get('o2_flow')?.rule).toBe('o2_therapy = "1" and spo2 < 94');
    expect(p.get('hba1c')?.rule).toBe('creat >= 0.5 and (sex = "1" or sex = "2")');
    expect(p.get('dm_dx_date')?.rule).toBe('hx_dm = "1" and dm_type != "3"');
    expect(p.get('insulin_dose')?.rule).toBe('meds includes "4" and meds not includes "5"');
  });

  it('reports what it does not keep, with row, column and both languages, never silently', () => {
    const at = (row: number, column: string) => warnings.filter((w) => w.row === row && w.column === column);
    const logic = at(39, 'Branching Logic (Show field only if...)');
    expect(logic).toHaveLength(1);
    expect(logic[0].message.en).toContain("datediff([enrol_date], [lab_date], 'd') > 30");
    expect(logic[0].message.tr).toContain('datediff');
    expect(p.get('lab_followup')?.rule).toBeUndefined();
    expect(at(20, 'Field Type')[0].message.en).toMatch(/calc field “bmi” is not imported/);
    expect(at(31, 'Field Type')[0].message.en).toMatch(/descriptive field “lab_info”/);
    expect(at(12, 'Text Validation Type OR Show Slider Number')[0].message.en).toMatch(/email/);
    expect(at(40, 'Matrix Group Name')[0].message.en).toMatch(/matrix “comorbid”/);
    expect(at(40, 'Section Header')).toHaveLength(1);
    expect(at(44, 'Custom Alignment')).toHaveLength(1);
    expect(at(48, 'Field Note')).toHaveLength(1);
    for (const w of warnings) {
      expect(w.message.en.length).toBeGreaterThan(10);
      expect(w.message.tr.length).toBeGreaterThan(10);
      expect(w.message.tr).not.toBe(w.message.en);
    }
    expect(warnings.map((w) => w.row)).toEqual([...warnings.map((w) => w.row)].sort((a, b) => a - b));
  });

  it('gives models that fit the data_model schema', () => {
    for (const file of ['clinical_study.csv', 'adverse_event_crlf_bom.csv']) {
      const m = importRedcap(fixture(file), options).model;
      expect(fitsSchema(m), `${file}: ${JSON.stringify(fitsSchema.errors)}`).toBe(true);
    }
  });

  it('reads a dictionary with a byte-order mark and CRLF line ends', () => {
    const ae = importRedcap(fixture('adverse_event_crlf_bom.csv'), { ...options, language: 'en' });
    expect(ae.warnings).toEqual([]);
    const q = byCode(ae.model);
    expect(q.get('ae_end')?.rule).toBe('ae_ongoing = "0"');
    expect(q.get('ae_serious')?.rule).toBe('ae_grade >= "3"');
    expect(q.get('ae_treatment')?.rule).toBe('ae_action includes "5"');
    expect(q.get('ae_weight')).toMatchObject({ label: { en: 'Weight at onset', tr: 'Başlangıçta ağırlık' }, unit: 'kg', unit_kind: 'weight' });
  });

  it('refuses a file that is not a dictionary, and reports bad rows', () => {
    expect(importRedcap('name,age\nx,1\n', options).warnings.at(-1)?.message.en).toMatch(/not a REDCap data dictionary: the columns “Variable \/ Field Name”, “Form Name”, “Field Type”, “Field Label” are missing/);
    expect(importRedcap('', options).warnings[0].message.en).toMatch(/empty/);
    const header = REDCAP_COLUMNS.map(([h]) => `"${h}"`).join(',');
    const r = importRedcap(`${header}\nbad_,f,,text,X\nok,f,,radio,Y,"1, A | 2, A"\nok,f,,text,Z\n,f,,text,W\n`, options);
    expect(r.model.group_list[0].parameter_list.map((x) => x.code)).toEqual(['ok']);
    expect(r.warnings.map((w) => [w.row, w.column])).toEqual([
      [2, 'Variable / Field Name'],
      [3, 'Choices, Calculations, OR Slider Labels'],
      [4, 'Variable / Field Name'],
      [5, 'Variable / Field Name'],
    ]);
  });

  it('cuts texts longer than the model allows, and says so', () => {
    const header = REDCAP_COLUMNS.map(([h]) => `"${h}"`).join(',');
    const r = importRedcap(`${header}\nq,f,,radio,${'L'.repeat(1200)},"1, ${'o'.repeat(250)} | 2, b"\n`, options);
    const q = r.model.group_list[0].parameter_list[0];
    expect(q.label.en).toHaveLength(1000);
    expect(q.option_list?.[0].label).toHaveLength(200);
    expect(r.warnings.map((w) => w.column)).toEqual(['Field Label', 'Choices, Calculations, OR Slider Labels']);
    expect(fitsSchema(r.model)).toBe(true);
  });

  it('accepts the API metadata keys as headers and the model language', () => {
    const header = REDCAP_COLUMNS.map(([, k]) => k).join(',');
    const r = importRedcap(`${header}\nyas,hasta,,text,Yaş,,yıl,integer,0,120\n`, { ...options, language: 'tr' });
    expect(r.model.language).toBe('tr');
    expect(r.model.group_list[0].parameter_list[0]).toEqual({ code: 'yas', label: { tr: 'Yaş' }, type: 'integer', min_limit: 0, max_limit: 120, unit: 'yıl' });
  });
});

describe('branching logic ⇄ rule', () => {
  const { model } = importRedcap(fixture('clinical_study.csv'), options);
  const p = byCode(model);

  it('explains what it cannot translate', () => {
    for (const [logic, why] of [
      ["[event_1_arm_1][sex] = '1'", /event/],
      ["[nope] = '1'", /not in the dictionary/],
      ["[meds] = '1'", /without a choice/],
      ["[sex] <> ''", /empty value/],
      ["[meds(2)] = '2'", /1 or 0/],
      ["[sex] = '1' and ([age] > 3", /not in the dictionary|parenthesis/],
      ["[sex] = '1' and ([hr] > 3", /parenthesis/i],
      ["sum([hr], [sbp]) > 3", /function “sum”/],
    ] as const) {
      const r = branchingToRule(logic, p);
      expect(r.ok, logic).toBe(false);
      if (!r.ok) expect(r.why.en).toMatch(why);
    }
  });

  it('writes rules back as REDCap logic, pushing “not” into the comparisons', () => {
    expect(ruleToBranching('sex = "1" and (hr > 100 or not (spo2 >= 94))', p)).toEqual({ ok: true, text: "[sex] = '1' and ([hr] > 100 or [spo2] < 94)" });
    expect(ruleToBranching('not (meds includes "4" or sex = 2)', p)).toEqual({ ok: true, text: "[meds(4)] = '0' and [sex] <> '2'" });
    expect(ruleToBranching('hr * 2 > 100', p).ok).toBe(false);
    expect(ruleToBranching('hr > sbp', p).ok).toBe(false);
    expect(ruleToBranching('hr is any', p).ok).toBe(false);
  });
});

describe('REDCap export and round trip', () => {
  for (const file of ['clinical_study.csv', 'adverse_event_crlf_bom.csv']) {
    it(`import → export → import keeps the model (${file})`, () => {
      const first = importRedcap(fixture(file), options);
      const exported = exportRedcap(first.model);
      expect(exported.warnings).toEqual([]);
      const second = importRedcap(exported.csv, options);
      expect(second.model).toEqual(first.model);
      expect(second.warnings).toEqual([]);
      // And the written dictionary has REDCap's 18 columns on every row.
      const rows = parseCsv(exported.csv).rows;
      expect(rows[0]).toEqual(REDCAP_COLUMNS.map(([h]) => h));
      expect(rows.every((r) => r.length === 18)).toBe(true);
    });
  }

  it('writes the REDCap way: yesno, validations, units in the note, tags in the annotation', () => {
    const { model } = importRedcap(fixture('clinical_study.csv'), options);
    const rows = parseCsv(exportRedcap(model).csv).rows;
    const row = (name: string) => rows.find((r) => r[0] === name)!;
    expect(row('pregnant').slice(3, 6)).toEqual(['yesno', 'Is the patient pregnant?', '']);
    expect(row('weight').slice(5, 10)).toEqual(['', 'kg', 'number_1dp', '1', '400']);
    expect(row('weight')[17]).toBe('@SEMA-UNIT-KIND="weight"');
    expect(row('dob').slice(7, 11)).toEqual(['date_ymd', '', 'today', 'y']);
    expect(row('smoker')[17]).toBe('@SEMA-LABEL="Sigara içme durumu" @SEMA-CHOICES="0, Hiç | 1, Bırakmış | 2, Halen"');
    expect(row('insulin_dose')[11]).toBe("[meds(4)] = '1' and [meds(5)] = '0'");
    expect(row('meds')[17]).toBe('@HIDDEN');
  });

  it('reports what REDCap cannot hold', () => {
    const model: DataModel = {
      ...importRedcap(fixture('adverse_event_crlf_bom.csv'), options).model,
    };
    model.group_list[0].parameter_list.push(
      { code: 'birth_year', label: { en: 'Year of birth' }, type: 'date', date_type: 'year' },
      { code: 'site', label: { en: 'Site' }, type: 'anatomy' },
      { code: 'free', label: { en: 'Note' }, type: 'text', max_length: 20, rule: 'length(ae_term) > 3' },
    );
    const { warnings } = exportRedcap(model);
    expect(warnings.map((w) => w.column)).toEqual(['Text Validation Type OR Show Slider Number', 'Field Type', 'Text Validation Type OR Show Slider Number', 'Branching Logic (Show field only if...)']);
    expect(warnings[3].message.tr).toContain('length(ae_term) > 3');
  });
});

describe('REDCap export of a designed model', () => {
  it('keeps group labels and their translations through the annotation, and reports names REDCap refuses', () => {
    const model: DataModel = {
      data_model_id: '6f1c2a4e-8d1b-4c3a-9e2f-0a1b2c3d4e5f',
      title: { tr: 'Böbrek izlemi' },
      language: 'tr',
      owner: 'designer',
      version: 2,
      status: 'published',
      group_list: [
        { code: 'lab', label: { tr: 'Laboratuvar sonuçları', en: 'Laboratory results' }, parameter_list: [{ code: 'kreatinin', label: { tr: 'Kreatinin', en: 'Creatinine' }, type: 'float', max_decimal: 2, unit: 'mg/dL', unit_kind: 'laboratory', min_limit: 0.1 }] },
        { code: 'Izlem-2', label: { tr: 'İzlem' }, parameter_list: [{ code: 'Kontrol-tarihi', label: { tr: 'Kontrol tarihi' }, type: 'date', date_type: 'date', permitted_date_range: 'today_and_after', required: true }] },
        { code: 'bos', label: { tr: 'Boş' }, parameter_list: [] },
      ],
    };
    const out = exportRedcap(model);
    expect(out.warnings.map((w) => [w.row, w.column])).toEqual([
      [3, 'Form Name'],
      [3, 'Variable / Field Name'],
      [4, 'Form Name'],
    ]);
    const back = importRedcap(out.csv, { ...options, language: 'tr' });
    const lab = back.model.group_list[0];
    expect(lab.label).toEqual({ tr: 'Laboratuvar sonuçları', en: 'Laboratory results' });
    expect(lab.parameter_list[0]).toEqual(model.group_list[0].parameter_list[0]);
    expect(back.model.group_list[1]).toMatchObject({ code: 'izlem_2', label: { tr: 'İzlem' } });
    expect(back.model.group_list).toHaveLength(2);
  });
});

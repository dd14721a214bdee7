// A data model → FHIR R4 Questionnaire (src/domain/data-model/fhir.ts), on the model imported from the REDCap
// fixture: the structure a FHIR validator checks first (unique linkIds, enableWhen naming existing questions,
// options on every choice, extensions with a url and one value), and each mapping.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { DataModel } from '../../src/generated/types/entities';
import { enableWhen, exportFhir, FHIR_EXTENSIONS, type FhirExtension, type FhirItem } from '../../src/domain/data-model/fhir';
import { importRedcap } from '../../src/domain/data-model/redcap';

const fixture = (name: string) => readFileSync(new URL(`../../fixtures/data-models/redcap/${name}`, import.meta.url), 'utf8');
const imported = importRedcap(fixture('clinical_study.csv'), { dataModelId: '6f1c2a4e-8d1b-4c3a-9e2f-0a1b2c3d4e5f', owner: 'designer' }).model;
const model: DataModel = { ...imported, title: { en: 'Cardiometabolic cohort', tr: 'Kardiyometabolik kohort' } };
model.group_list[0] = { ...model.group_list[0], label: { en: 'Demographics', tr: 'Demografi' } };

const ITEM_TYPES = new Set(['group', 'display', 'boolean', 'decimal', 'integer', 'date', 'dateTime', 'time', 'string', 'text', 'choice', 'open-choice']);
const ANSWER_KEYS = ['answerBoolean', 'answerDecimal', 'answerInteger', 'answerDate', 'answerString', 'answerCoding'];

function flatten(items: FhirItem[]): FhirItem[] {
  return items.flatMap((i) => [i, ...flatten(i.item ?? [])]);
}

/** What a FHIR R4 validator would refuse in a Questionnaire's items (the rules que-1…que-13 that apply here). */
function structuralProblems(items: FhirItem[]): string[] {
  const problems: string[] = [];
  const all = flatten(items);
  const ids = all.map((i) => i.linkId);
  const seen = new Set<string>();
  for (const id of ids) {
    if (seen.has(id)) problems.push(`linkId ${id} twice`);
    seen.add(id);
  }
  const checkExt = (where: string, ext: FhirExtension[] | undefined) => {
    for (const e of ext ?? []) {
      if (!/^https?:\/\//.test(e.url)) problems.push(`${where}: extension without url`);
      const values = Object.keys(e).filter((k) => k.startsWith('value') || k.startsWith('_value'));
      if (values.length + (e.extension ? 1 : 0) !== 1) problems.push(`${where}: extension ${e.url} has ${values.length} values`);
      if (e.url === FHIR_EXTENSIONS.translation) {
        const parts = (e.extension as Array<{ url: string }>).map((x) => x.url);
        if (parts.join() !== 'lang,content') problems.push(`${where}: translation parts ${parts}`);
      }
    }
  };
  for (const i of all) {
    if (!ITEM_TYPES.has(i.type)) problems.push(`${i.linkId}: type ${i.type}`);
    if (!i.text) problems.push(`${i.linkId}: no text`);
    if (i.type === 'group' && !i.item?.length) problems.push(`${i.linkId}: empty group`); // que-1
    if (i.type !== 'group' && i.item?.length) problems.push(`${i.linkId}: children of a question`);
    if ((i.type === 'choice' || i.type === 'open-choice') && !i.answerOption?.length) problems.push(`${i.linkId}: choice without answerOption`);
    if (i.answerOption && i.type !== 'choice' && i.type !== 'open-choice') problems.push(`${i.linkId}: answerOption on ${i.type}`); // que-5
    if (i.maxLength !== undefined && !['string', 'text'].includes(i.type)) problems.push(`${i.linkId}: maxLength on ${i.type}`); // que-10
    if (i.enableWhen && i.enableWhen.length > 1 && !i.enableBehavior) problems.push(`${i.linkId}: enableBehavior missing`); // que-12
    for (const w of i.enableWhen ?? []) {
      if (!seen.has(w.question)) problems.push(`${i.linkId}: enableWhen names ${w.question}`);
      if (ANSWER_KEYS.filter((k) => k in w).length !== (w.operator === 'exists' ? 0 : 1)) problems.push(`${i.linkId}: enableWhen answer`); // que-7
      const target = all.find((x) => x.linkId === w.question);
      if (target?.type === 'choice' && !w.answerCoding) problems.push(`${i.linkId}: a choice is compared with a coding`);
      if (w.answerCoding && !target?.answerOption?.some((o) => o.valueCoding.code === w.answerCoding?.code)) problems.push(`${i.linkId}: enableWhen answer ${w.answerCoding.code} is not an option of ${w.question}`);
    }
    checkExt(i.linkId, i.extension);
    checkExt(`${i.linkId} text`, i._text?.extension);
    for (const o of i.answerOption ?? []) {
      if (!o.valueCoding.code || !o.valueCoding.display) problems.push(`${i.linkId}: option without code or display`);
      checkExt(`${i.linkId} option`, o.valueCoding._display?.extension);
    }
  }
  return problems;
}

describe('FHIR R4 Questionnaire export', () => {
  const { questionnaire: q, warnings } = exportFhir(model);
  const items = flatten(q.item);
  const item = (id: string) => items.find((i) => i.linkId === id)!;
  const ext = (id: string, url: string) => item(id).extension?.find((e) => e.url === url);

  it('has a valid structure: unique linkIds, enableWhen on existing questions, options for every choice', () => {
    expect(q.resourceType).toBe('Questionnaire');
    expect(structuralProblems(q.item)).toEqual([]);
    expect(items).toHaveLength(4 + 45);
    expect(JSON.parse(JSON.stringify(q))).toEqual(q); // plain JSON, nothing undefined left behind
    expect(JSON.stringify(q)).not.toContain('undefined');
  });

  it('carries the model: id, version, status by state, title and its translation', () => {
    expect(q).toMatchObject({ id: model.data_model_id, version: '1', status: 'draft', language: 'en', title: 'Cardiometabolic cohort', name: 'CardiometabolicCohort' });
    expect(q._title?.extension?.[0].extension).toEqual([{ url: 'lang', valueCode: 'tr' }, { url: 'content', valueString: 'Kardiyometabolik kohort' }]);
    expect(exportFhir({ ...model, status: 'published' }).questionnaire.status).toBe('active');
    expect(exportFhir({ ...model, status: 'deleted' }).questionnaire.status).toBe('retired');
  });

  it('maps groups and parameter types', () => {
    expect(q.item.map((g) => [g.linkId, g.type, g.item?.length])).toEqual([
      ['demographics', 'group', 15],
      ['vital_signs', 'group', 12],
      ['laboratory', 'group', 9],
      ['medical_history', 'group', 9],
    ]);
    expect(q.item[0]._text?.extension?.[0].extension).toEqual([{ url: 'lang', valueCode: 'tr' }, { url: 'content', valueString: 'Demografi' }]);
    expect(['sbp', 'weight', 'dob', 'visit_date', 'initials', 'vitals_comment', 'sex', 'meds', 'ethnicity'].map((id) => item(id).type)).toEqual([
      'integer', 'decimal', 'date', 'dateTime', 'string', 'text', 'choice', 'choice', 'choice',
    ]);
    expect(item('meds').repeats).toBe(true);
    expect(item('sbp').required).toBe(true);
    expect(item('hr').required).toBeUndefined();
  });

  it('writes options with codes, displays and their translations', () => {
    expect(item('pregnant').answerOption).toEqual([
      { valueCoding: { code: '1', display: 'Yes', _display: { extension: [{ url: FHIR_EXTENSIONS.translation, extension: [{ url: 'lang', valueCode: 'tr' }, { url: 'content', valueString: 'Evet' }] }] } } },
      { valueCoding: { code: '0', display: 'No', _display: { extension: [{ url: FHIR_EXTENSIONS.translation, extension: [{ url: 'lang', valueCode: 'tr' }, { url: 'content', valueString: 'Hayır' }] }] } } },
    ]);
    expect((item('smoker')._text?.extension?.[0].extension as FhirExtension[] | undefined)?.[1]).toEqual({ url: 'content', valueString: 'Sigara içme durumu' });
  });

  it('writes limits, decimals, units, date ranges and hidden items with the standard extensions', () => {
    expect(ext('sbp', FHIR_EXTENSIONS.minValue)).toEqual({ url: FHIR_EXTENSIONS.minValue, valueInteger: 60 });
    expect(ext('sbp', FHIR_EXTENSIONS.maxValue)).toEqual({ url: FHIR_EXTENSIONS.maxValue, valueInteger: 260 });
    expect(ext('sbp', FHIR_EXTENSIONS.unit)).toEqual({ url: FHIR_EXTENSIONS.unit, valueCoding: { system: 'http://unitsofmeasure.org', code: 'mm[Hg]', display: 'mmHg' } });
    expect(ext('creat', FHIR_EXTENSIONS.minValue)).toEqual({ url: FHIR_EXTENSIONS.minValue, valueDecimal: 0.1 });
    expect(ext('creat', FHIR_EXTENSIONS.maxDecimalPlaces)).toEqual({ url: FHIR_EXTENSIONS.maxDecimalPlaces, valueInteger: 2 });
    expect(ext('pack_years', FHIR_EXTENSIONS.unit)).toEqual({ url: FHIR_EXTENSIONS.unit, valueCoding: { display: 'pack-years' } });
    // A unit picked from the catalogue is stored as its UCUM code and shown with its symbol.
    const sbp = model.group_list.flatMap((g) => g.parameter_list).find((p) => p.code === 'sbp')!;
    const picked = exportFhir({ ...model, group_list: [{ ...model.group_list[0], parameter_list: [{ ...sbp, unit: 'umol/L' }] }] });
    expect(picked.questionnaire.item[0].item?.[0].extension?.find((e) => e.url === FHIR_EXTENSIONS.unit)).toEqual({ url: FHIR_EXTENSIONS.unit, valueCoding: { system: 'http://unitsofmeasure.org', code: 'umol/L', display: 'µmol/L' } });
    expect(ext('dob', FHIR_EXTENSIONS.maxValue)?._valueDate).toEqual({ extension: [{ url: FHIR_EXTENSIONS.cqfExpression, valueExpression: { language: 'text/fhirpath', expression: 'today()' } }] });
    expect(ext('enrol_date', FHIR_EXTENSIONS.minValue)).toBeDefined();
    expect(ext('meds', FHIR_EXTENSIONS.hidden)).toEqual({ url: FHIR_EXTENSIONS.hidden, valueBoolean: true });
  });

  it('turns simple rules into enableWhen and keeps complex ones in an extension, with a warning', () => {
    expect(item('pregnant').enableWhen).toEqual([{ question: 'sex', operator: '=', answerCoding: { code: '1' } }]);
    expect(item('pregnant').enableBehavior).toBeUndefined();
    expect(item('pack_years')).toMatchObject({ enableBehavior: 'any', enableWhen: [{ question: 'smoker', operator: '=', answerCoding: { code: '1' } }, { question: 'smoker', operator: '=', answerCoding: { code: '2' } }] });
    expect(item('o2_flow')).toMatchObject({ enableBehavior: 'all', enableWhen: [{ question: 'o2_therapy', answerCoding: { code: '1' } }, { question: 'spo2', operator: '<', answerInteger: 94 }] });
    expect(item('race_other').enableWhen).toEqual([{ question: 'race', operator: '=', answerCoding: { code: '98' } }]);
    expect(item('dm_dx_date').enableWhen?.[1]).toEqual({ question: 'dm_type', operator: '!=', answerCoding: { code: '3' } });
    // Nested and/or, and "not includes" on a check box, are no enableWhen.
    for (const id of ['hba1c', 'insulin_dose']) {
      expect(item(id).enableWhen).toBeUndefined();
      expect(ext(id, FHIR_EXTENSIONS.rule)?.valueString).toBe(model.group_list.flatMap((g) => g.parameter_list).find((p) => p.code === id)?.rule);
    }
    expect(warnings.map((w) => w.linkId)).toEqual(['hba1c', 'insulin_dose']);
    expect(warnings[0].message.tr).toContain('enableWhen');
  });

  it('reads rules as enableWhen answers of the question’s type', () => {
    const params = new Map(model.group_list.flatMap((g) => g.parameter_list.map((p) => [p.code, p] as const)));
    expect(enableWhen('creat > 1.5', params)).toEqual({ ok: true, behavior: 'all', conditions: [{ question: 'creat', operator: '>', answerDecimal: 1.5 }] });
    expect(enableWhen('dob < date("2000-01-01")', params)).toEqual({ ok: true, behavior: 'all', conditions: [{ question: 'dob', operator: '<', answerDate: '2000-01-01' }] });
    expect(enableWhen('initials = "AB"', params)).toEqual({ ok: true, behavior: 'all', conditions: [{ question: 'initials', operator: '=', answerString: 'AB' }] });
    expect(enableWhen('hr > sbp', params).ok).toBe(false);
    expect(enableWhen('ghost = 1', params).ok).toBe(false);
    expect(enableWhen('(hr > 1', params).ok).toBe(false);
  });

  it('gives a group whose code is a parameter’s code its own linkId', () => {
    const clash: DataModel = { ...model, group_list: [{ code: 'sex', label: { en: 'Sex' }, parameter_list: [{ code: 'sex', label: { en: 'Sex' }, type: 'text' }] }] };
    const r = exportFhir(clash);
    expect(r.questionnaire.item[0].linkId).toBe('sex-group');
    expect(structuralProblems(r.questionnaire.item)).toEqual([]);
    expect(r.warnings).toHaveLength(1);
  });
});

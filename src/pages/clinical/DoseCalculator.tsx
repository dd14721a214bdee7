// dose_calculator (clinical site, any signed-in user): a clinician's quick check of every body-size and renal
// figure and, optionally, a dose, each with its formula, inputs and the caps applied. Computed in the browser
// by src/domain/dosing/calculator.ts — the function the route clinical/dose/calculate answers with — so the
// answer is instant, needs no round trip and equals the server's (tests/server/dose-calculator.test.ts).
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useActiveLabel } from '../../app/router/hooks';
import type { PageProps } from '../../app/router/registry';
import { focusFirstInvalid, Notice, SelectField, TextField } from '../../app/ui';
import { type DoseCalculatorAnswer, type DoseCalculatorInput, doseCalculator } from '../../domain/dosing';
import { enumEntryLabel, type Lang } from '../../domain/language';
import { unitSymbol } from '../../domain/units';
import { bmiClass as bmiClassEnum } from '../../generated/enums/bmiClass';
import { bsaFormula as bsaFormulaEnum } from '../../generated/enums/bsaFormula';
import type { DosingCalculated } from '../../generated/types/entities';
import { Amount, DerivationDetails } from './DoseDerivation';
import './dosing-strings';
import './dose-calculator.css';

type Basis = 'none' | 'per_m2' | 'per_kg' | 'flat' | 'auc';
type Form = Record<'height' | 'weight' | 'age' | 'creatinine' | 'amount' | 'cap' | 'gfrCap', string> & {
  sex: '' | 'female' | 'male';
  creatinineUnit: 'mg/dL' | 'umol/L';
  weightChoice: 'actual' | 'ideal' | 'adjusted';
  bsaFormula: (typeof bsaFormulaEnum.values)[number];
  basis: Basis;
  unit: 'mg' | 'g' | 'ug' | '[iU]';
  gfrFormula: 'cockcroft_gault' | 'ckd_epi';
};
/** A problem at a request field (`height_cm`, `dose.amount`), worded in both languages so a switch rewords it. */
type Problems = Record<string, { en: string; tr: string }>;

const START: Form = {
  height: '',
  weight: '',
  age: '',
  sex: '',
  creatinine: '',
  creatinineUnit: 'mg/dL',
  weightChoice: 'actual',
  bsaFormula: 'mosteller',
  basis: 'none',
  amount: '',
  unit: 'mg',
  cap: '',
  gfrCap: '125',
  gfrFormula: 'cockcroft_gault',
};
const BASES: Basis[] = ['none', 'per_m2', 'per_kg', 'flat', 'auc'];
const DOSE_UNITS: Form['unit'][] = ['mg', 'g', 'ug', '[iU]'];

/** A typed number: a Turkish decimal comma is read as a point; anything else not a number is NaN. */
const numberOf = (text: string) => (/^\s*-?\d+([.,]\d+)?\s*$/.test(text) ? Number(text.replace(',', '.')) : Number.NaN);

/** The route's request from the form; the domain refuses what no patient can have (NaN among it). */
function requestOf(f: Form): DoseCalculatorInput {
  const optional = (text: string) => (text.trim() === '' ? undefined : numberOf(text));
  return {
    height_cm: numberOf(f.height),
    weight_kg: numberOf(f.weight),
    age_years: numberOf(f.age),
    sex: f.sex as 'female' | 'male',
    creatinine: { value: numberOf(f.creatinine), unit: f.creatinineUnit },
    weight_choice: f.weightChoice,
    bsa_formula: f.bsaFormula,
    ...(f.basis === 'none'
      ? {}
      : {
          dose: {
            basis: f.basis,
            amount: numberOf(f.amount),
            unit: f.basis === 'auc' ? 'mg' : f.unit,
            ...(optional(f.cap) === undefined ? {} : { cap: optional(f.cap) }),
            ...(f.basis === 'auc' ? { gfr_cap: optional(f.gfrCap), gfr_formula: f.gfrFormula } : {}),
          },
        }),
  };
}

export default function DoseCalculator({ page }: PageProps) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const formRef = useRef<HTMLFormElement>(null);
  const [form, setForm] = useState<Form>(START);
  const [problems, setProblems] = useState<Problems>({});
  const [answer, setAnswer] = useState<DoseCalculatorAnswer | null>(null);
  // Counts refusals: after the fields' errors render, the first marked field takes the focus.
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals) focusFirstInvalid(formRef.current);
  }, [refusals]);
  const set = <K extends keyof Form>(key: K) => (value: string) => setForm((f) => ({ ...f, [key]: value as Form[K] }));
  const problem = (field: string) => problems[field]?.[lang] ?? null;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const out = doseCalculator(requestOf(form));
    if (out.ok) {
      setProblems({});
      setAnswer(out.answer);
      return;
    }
    const found: Problems = {};
    for (const p of out.problems) found[p.field] ??= p.message;
    setProblems(found);
    setAnswer(null);
    setRefusals((n) => n + 1);
  };

  const dose = form.basis !== 'none';
  const unitName = unitSymbol(form.basis === 'auc' ? 'mg' : form.unit);
  return (
    <article className="page dose-calc" aria-labelledby="page-title">
      <h1 id="page-title">{page.caption[lang]}</h1>
      <p className="dose-calc__intro">{t('doseCalculator.intro')}</p>
      <form ref={formRef} className="form dose-calc__form" noValidate onSubmit={onSubmit} aria-labelledby="patient-title">
        <h2 id="patient-title">{t('doseCalculator.patient')}</h2>
        {Object.keys(problems).length > 0 && <Notice kind="error">{t('doseCalculator.refused')}</Notice>}
        <div className="dose-calc__grid">
          <TextField label={t('doseCalculator.height')} name="height_cm" inputMode="decimal" required value={form.height} onValue={set('height')} error={problem('height_cm')} />
          <TextField label={t('doseCalculator.weight')} name="weight_kg" inputMode="decimal" required value={form.weight} onValue={set('weight')} error={problem('weight_kg')} />
          <TextField label={t('doseCalculator.age')} name="age_years" inputMode="decimal" required value={form.age} onValue={set('age')} error={problem('age_years')} />
          <SelectField
            label={t('doseCalculator.sex')}
            name="sex"
            required
            value={form.sex}
            onValue={set('sex')}
            error={problem('sex')}
            options={[
              { value: '', label: t('doseCalculator.choose') },
              { value: 'female', label: t('doseCalculator.female') },
              { value: 'male', label: t('doseCalculator.male') },
            ]}
          />
          <TextField
            label={t('doseCalculator.creatinine')}
            name="creatinine"
            inputMode="decimal"
            required
            value={form.creatinine}
            onValue={set('creatinine')}
            error={problem('creatinine.value')}
          />
          <SelectField
            label={t('doseCalculator.creatinineUnit')}
            name="creatinine_unit"
            value={form.creatinineUnit}
            onValue={set('creatinineUnit')}
            options={(['mg/dL', 'umol/L'] as const).map((u) => ({ value: u, label: unitSymbol(u) }))}
          />
          <SelectField
            label={t('doseCalculator.weightChoice')}
            name="weight_choice"
            value={form.weightChoice}
            onValue={set('weightChoice')}
            hint={t('doseCalculator.weightChoiceHint')}
            options={(['actual', 'ideal', 'adjusted'] as const).map((c) => ({ value: c, label: t(`doseCalculator.weightChoices.${c}`) }))}
          />
          <SelectField
            label={t('doseCalculator.bsaFormula')}
            name="bsa_formula"
            value={form.bsaFormula}
            onValue={set('bsaFormula')}
            options={bsaFormulaEnum.values.map((v) => ({ value: v, label: enumEntryLabel(bsaFormulaEnum, v, lang) }))}
          />
        </div>
        <fieldset className="dose-calc__dose">
          <legend>{t('doseCalculator.dose')}</legend>
          <div className="dose-calc__grid">
            <SelectField label={t('doseCalculator.basis')} name="basis" value={form.basis} onValue={set('basis')} options={BASES.map((b) => ({ value: b, label: t(`doseCalculator.bases.${b}`) }))} />
            {dose && (
              <>
                <TextField
                  label={t('doseCalculator.amount')}
                  name="amount"
                  inputMode="decimal"
                  required
                  value={form.amount}
                  onValue={set('amount')}
                  hint={t(`doseCalculator.amountHint.${form.basis}`, { unit: unitName })}
                  error={problem('dose.amount')}
                />
                {form.basis !== 'auc' && (
                  <SelectField label={t('doseCalculator.unit')} name="unit" value={form.unit} onValue={set('unit')} options={DOSE_UNITS.map((u) => ({ value: u, label: unitSymbol(u) }))} />
                )}
                <TextField label={t('doseCalculator.cap')} name="cap" inputMode="decimal" value={form.cap} onValue={set('cap')} hint={unitName} error={problem('dose.cap')} />
                {form.basis === 'auc' && (
                  <>
                    <TextField label={t('doseCalculator.gfrCap')} name="gfr_cap" inputMode="decimal" value={form.gfrCap} onValue={set('gfrCap')} error={problem('dose.gfr_cap')} />
                    <SelectField
                      label={t('doseCalculator.gfrFormula')}
                      name="gfr_formula"
                      value={form.gfrFormula}
                      onValue={set('gfrFormula')}
                      options={(['cockcroft_gault', 'ckd_epi'] as const).map((g) => ({ value: g, label: t(`doseCalculator.gfrFormulas.${g}`) }))}
                    />
                  </>
                )}
              </>
            )}
          </div>
        </fieldset>
        <div className="form__actions">
          <button type="submit" className="button">
            {t('doseCalculator.calculate')}
          </button>
        </div>
      </form>
      <section className="dose-calc__results" aria-labelledby="results-title" aria-live="polite">
        <h2 id="results-title">{t('doseCalculator.results')}</h2>
        {answer ? <Results answer={answer} chosenBsa={form.bsaFormula} lang={lang} /> : <p className="dose-calc__empty">{t('doseCalculator.empty')}</p>}
      </section>
    </article>
  );
}

function Results({ answer, chosenBsa, lang }: { answer: DoseCalculatorAnswer; chosenBsa: string; lang: Lang }) {
  const { t } = useTranslation();
  return (
    <>
      {answer.dose && (
        <section className="dose-calc__group" aria-labelledby="dose-title">
          <h3 id="dose-title">{t('doseCalculator.doseResult')}</h3>
          <Figure result={answer.dose} lang={lang} prominent />
        </section>
      )}
      <section className="dose-calc__group" aria-labelledby="size-title">
        <h3 id="size-title">{t('doseCalculator.bodySize')}</h3>
        <div className="dose-calc__cards">
          {answer.bsa_list.map((b) => (
            <Figure key={b.bsa_formula} result={b.result} lang={lang} note={b.bsa_formula === chosenBsa ? t('doseCalculator.used') : undefined} />
          ))}
          <Figure result={answer.bmi} lang={lang} note={t('doseCalculator.bmiClass', { name: enumEntryLabel(bmiClassEnum, answer.bmi_class, lang) })} />
          <Figure result={answer.ideal_body_weight} lang={lang} />
          <Figure result={answer.adjusted_body_weight} lang={lang} />
          <Figure result={answer.dosing_weight} lang={lang} />
        </div>
      </section>
      <section className="dose-calc__group" aria-labelledby="renal-title">
        <h3 id="renal-title">{t('doseCalculator.renal')}</h3>
        <div className="dose-calc__cards">
          {answer.creatinine_clearance_list.map((c) => (
            <Figure key={c.weight_choice} result={c.result} lang={lang} title={`${c.result.derivation.method[lang]} — ${t(`doseCalculator.weightOf.${c.weight_choice}`)}`} />
          ))}
          <Figure result={answer.egfr} lang={lang} />
          <Figure result={answer.absolute_gfr} lang={lang} />
        </div>
      </section>
    </>
  );
}

/** One figure: its method, value with unit, what changed it (caps, weight rule) in sight, and how in a disclosure. */
function Figure({ result, lang, title, note, prominent }: { result: DosingCalculated; lang: Lang; title?: string; note?: string; prominent?: boolean }) {
  const { t } = useTranslation();
  const d = result.derivation;
  const name = title ?? d.method[lang];
  return (
    <article className={prominent ? 'dose-calc__card dose-calc__card--prominent' : 'dose-calc__card'} aria-label={name}>
      <h4 className="dose-calc__method">{name}</h4>
      <p className="dose-calc__value">
        <Amount q={result.value} lang={lang} />
      </p>
      {note && <p className="dose-calc__note">{note}</p>}
      {d.adjustments.length > 0 && (
        <ul className="dose-calc__applied" aria-label={t('doseCalculator.applied')}>
          {d.adjustments.map((a) => (
            <li key={a.kind}>{a.note[lang]}</li>
          ))}
        </ul>
      )}
      {d.warnings.length > 0 && (
        <ul className="dose-calc__warnings" aria-label={t('doseCalculator.warnings')}>
          {d.warnings.map((w) => (
            <li key={`${w.code}-${w.field ?? ''}`}>{w.message[lang]}</li>
          ))}
        </ul>
      )}
      <DerivationDetails derivation={d} lang={lang} summary={t('doseCalculator.how')} summaryLabel={t('doseCalculator.howOf', { name })} />
    </article>
  );
}

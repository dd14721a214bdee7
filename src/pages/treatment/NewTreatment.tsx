// new_treatment (?patient=<id>): a published protocol applied to the patient from a start date, with a dose
// percent per drug line. "Plan" asks the server (/v1/treatment/plan, nothing saved) for the cycles, each drug
// day's dose with how it was calculated, and the warnings of spec section 5, shown first on the page; the doctor
// ticks "I have read these warnings" before "Create treatment" (the server refuses otherwise, and that refusal is
// shown too).
import { useCallback, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useActiveLabel } from '../../app/router/hooks';
import type { PageProps } from '../../app/router/registry';
import { CheckboxField, formatDate, Notice, SelectField, SubmitButton, TextField, useErrorText, useLoad } from '../../app/ui';
import { hospitalToday } from '../../domain/treatment/dates';
import type { Lang } from '../../domain/language';
import { protocolList, treatmentNew, treatmentPlan } from '../../generated/client';
import type { Patient, PlanWarning } from '../../generated/types/entities';
import type { TreatmentPlanResponse } from '../../generated/types/routes';
import { ApiError } from '../../api/errors';
import { isDay, PatientMissing, patientName, useAddressedPatient } from '../patient/shared';
import '../patient/patient.css';
import { DayFacts, dayTitle, useTreatmentPagePath, WarningList } from './shared';

type Plan = TreatmentPlanResponse['treatment'];

export default function NewTreatment({ page }: PageProps) {
  const lang = useActiveLabel();
  const { patientId, data: patient, error } = useAddressedPatient();
  return (
    <article className="page treatment-page" aria-labelledby="page-title">
      <h1 id="page-title">{patient ? `${page.caption[lang]}: ${patientName(patient)}` : page.caption[lang]}</h1>
      {patient ? <Planner patient={patient} /> : <PatientMissing patientId={patientId} error={error} />}
    </article>
  );
}

/** A whole percent from 1 to 200, as the route takes it. */
const percentOf = (text: string): number | null => (/^\s*\d{1,3}\s*$/.test(text) && Number(text) >= 1 && Number(text) <= 200 ? Number(text) : null);

/** The plan's drug lines (one per protocol line), in the order of their first day. */
function linesOf(plan: Plan): { item_id: string; drug_name: string }[] {
  const days = (plan.cycle_list ?? []).flatMap((c) => c.drug_day_list).filter((d): d is typeof d & { item_id: string } => Boolean(d.item_id));
  return days.filter((d, i) => days.findIndex((o) => o.item_id === d.item_id) === i).map((d) => ({ item_id: d.item_id, drug_name: d.drug_name }));
}

function Planner({ patient }: { patient: Patient }) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const treatmentPath = useTreatmentPagePath('treatment');
  const protocols = useLoad(useCallback(async () => (await protocolList({ status: 'published', sort: 'name', page_size: 100 })).protocol_list, []));
  const [protocolId, setProtocolId] = useState('');
  const [startDate, setStartDate] = useState(hospitalToday());
  const [percents, setPercents] = useState<Record<string, string>>({});
  const [answer, setAnswer] = useState<TreatmentPlanResponse | null>(null);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<unknown>(null);
  const [acknowledged, setAcknowledged] = useState(false);
  const [busy, setBusy] = useState(false);
  // The refusal of "Create treatment" with the warnings the server answered it with (they replace the plan's).
  const [refusedWarnings, setRefusedWarnings] = useState<PlanWarning[] | null>(null);

  const request = () => ({
    patient_id: patient.patient_id,
    protocol_id: protocolId,
    start_date: startDate,
    dose_percent_list: Object.entries(percents)
      .map(([item_id, text]) => ({ item_id, dose_percent: percentOf(text) ?? 100 }))
      .filter((p) => p.dose_percent !== 100),
  });

  const onPlan = async (e: FormEvent) => {
    e.preventDefault();
    const found: Record<string, string> = {};
    if (!protocolId) found.protocol_id = t('treatment.chooseProtocol');
    if (!isDay(startDate)) found.start_date = t('treatment.startDateInvalid');
    for (const [id, text] of Object.entries(percents)) if (percentOf(text) === null) found[`percent-${id}`] = t('treatment.percentInvalid');
    setProblems(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    setFailure(null);
    setRefusedWarnings(null);
    try {
      setAnswer(await treatmentPlan(request()));
      setAcknowledged(false);
    } catch (err) {
      setAnswer(null);
      setFailure(err);
    } finally {
      setBusy(false);
    }
  };

  const onCreate = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setFailure(null);
    try {
      const made = await treatmentNew({ ...request(), acknowledge_warnings: acknowledged });
      if (treatmentPath) navigate(treatmentPath({ treatment: made.treatment.treatment_id }));
    } catch (err) {
      setFailure(err);
      const listed = err instanceof ApiError ? (err.details.warning_list as PlanWarning[] | undefined) : undefined;
      setRefusedWarnings(listed ?? null);
    } finally {
      setBusy(false);
    }
  };

  const warnings = refusedWarnings ?? answer?.warning_list ?? [];
  const plan = answer?.treatment;
  const chosen = protocols.data?.find((p) => p.protocol_id === protocolId);
  const hasError = warnings.some((w) => w.severity === 'error');
  return (
    <>
      <WarningList warnings={warnings} lang={lang} />
      {failure ? <Notice>{errorText(failure)}</Notice> : null}
      {protocols.error ? <Notice>{errorText(protocols.error)}</Notice> : null}
      <form className="form treatment-form" noValidate onSubmit={onPlan} aria-label={t('treatment.plan')}>
        <div className="treatment-form__grid">
          <SelectField
            label={t('treatment.protocol')}
            name="protocol_id"
            required
            value={protocolId}
            onValue={(v) => {
              setProtocolId(v);
              setPercents({});
              setAnswer(null);
            }}
            error={problems.protocol_id}
            hint={chosen?.is_example ? t('treatment.exampleMark') : undefined}
            options={[
              { value: '', label: protocols.data?.length === 0 ? t('treatment.noProtocols') : t('treatment.chooseProtocol') },
              ...(protocols.data ?? []).map((p) => ({ value: p.protocol_id, label: p.is_example ? `${p.name} (${t('treatment.exampleMark')})` : p.name })),
            ]}
          />
          <TextField label={t('treatment.startDate')} name="start_date" type="date" required value={startDate} onValue={setStartDate} error={problems.start_date} />
        </div>
        {plan && linesOf(plan).length > 0 && (
          <fieldset className="treatment-form__percents">
            <legend>{t('treatment.percentTitle')}</legend>
            <p className="field__hint">{t('treatment.percentHint')}</p>
            <div className="treatment-form__grid">
              {linesOf(plan).map((l) => (
                <TextField
                  key={l.item_id}
                  label={t('treatment.percentOf', { drug: l.drug_name })}
                  name={`percent-${l.item_id}`}
                  inputMode="numeric"
                  value={percents[l.item_id] ?? '100'}
                  onValue={(v) => setPercents((p) => ({ ...p, [l.item_id]: v }))}
                  error={problems[`percent-${l.item_id}`]}
                />
              ))}
            </div>
          </fieldset>
        )}
        <SubmitButton busy={busy}>{t('treatment.plan')}</SubmitButton>
      </form>
      {plan && (
        <>
          <PlannedCycles plan={plan} lang={lang} />
          <form className="form treatment-create" noValidate onSubmit={onCreate} aria-label={t('treatment.create')}>
            {warnings.length > 0 && (
              <CheckboxField label={t('treatment.acknowledge')} name="acknowledge_warnings" checked={acknowledged} onChecked={setAcknowledged} />
            )}
            <button type="submit" className="button" disabled={busy || hasError}>
              {busy ? t('treatment.creating') : t('treatment.create')}
            </button>
          </form>
        </>
      )}
    </>
  );
}

/**
 * The plan's cycles with their dates and each drug day's dose and derivation: the first cycle open, the others a
 * click away (they repeat its doses unless a cap or limit moved one — the warnings above name those).
 */
function PlannedCycles({ plan, lang }: { plan: Plan; lang: Lang }) {
  const { t } = useTranslation();
  return (
    <section className="section" aria-labelledby="plan-title">
      <h2 id="plan-title">{t('treatment.planTitle')}</h2>
      <p className="field__hint">{t('treatment.planHint')}</p>
      {(plan.cycle_list ?? []).map((c, i) => (
        <section key={c.cycle_number} className="treatment-cycle" aria-labelledby={`plan-cycle-${c.cycle_number}`}>
          <h3 id={`plan-cycle-${c.cycle_number}`}>
            {t('treatment.cycleTitle', { number: c.cycle_number })} <span className="patient-facts__date">{t('treatment.cycleDate', { date: formatDate(c.planned_date, lang) })}</span>
          </h3>
          <details className="treatment-cycle__days" open={i === 0}>
            <summary>{t('treatment.drugDaysOf', { count: c.drug_day_list.length })}</summary>
            <ul className="treatment-days">
              {c.drug_day_list.map((d) => (
                <li key={`${d.item_id}-${d.day}`} className="treatment-day">
                  <h4>{dayTitle(d, lang, t)}</h4>
                  <DayFacts day={d} lang={lang} />
                </li>
              ))}
            </ul>
          </details>
        </section>
      ))}
    </section>
  );
}

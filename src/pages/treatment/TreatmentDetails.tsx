// treatment (?treatment=<id>): the treatment's header (patient, protocol and version, start, status, the
// measurement its doses were calculated from with its dates), the treatment's and each cycle's steps and every
// drug day with its dose and derivation, status, the steps this user's clinical roles may take now (the domain's
// state machines decide: the buttons are stepsFor's), a note per step, and its history. A dose change beyond the
// protocol's percent comes back as 14021 with the change listed; it is confirmed and sent again.
import { useCallback, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors';
import { useAccess, useActiveLabel } from '../../app/router/hooks';
import type { PageProps } from '../../app/router/registry';
import { ConfirmDialog, formatDate, Notice, SelectField, TextField, useErrorText, useLoad } from '../../app/ui';
import { clinicalRolesOf } from '../../domain/clinical-roles';
import type { Lang } from '../../domain/language';
import { type Actor, DRUG_STEP_LABELS, DRUG_STEPS, type DrugStep, drugStates, TREATMENT_STEP_LABELS, type TreatmentStep, trackedOf, treatmentStates } from '../../domain/treatment';
import type { TreatmentChangeRequest } from '../../generated/types/routes';
import { patientGet, treatmentChange, treatmentDrugStep, treatmentGet, treatmentStep } from '../../generated/client';
import type { DrugStatus, StatusStep, Treatment, TreatmentChange, TreatmentCycle, TreatmentStatus } from '../../generated/types/entities';
import { formatNumber, patientName, usePatientPagePath } from '../patient/shared';
import '../patient/patient.css';
import { useUsername } from '../shared/hooks';
import { type DrugDay, DayFacts, dayTitle, drugStatusLabel, treatmentStatusLabel } from './shared';

export default function TreatmentDetails({ page }: PageProps) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const errorText = useErrorText();
  const [params] = useSearchParams();
  const treatmentId = params.get('treatment') ?? '';
  const loaded = useLoad(useCallback(async () => (await treatmentGet({ treatment_id: treatmentId })).treatment, [treatmentId]));
  // The treatment as the last step or change answered it, else as read.
  const [current, setCurrent] = useState<Treatment | null>(null);
  useEffect(() => setCurrent(loaded.data), [loaded.data]);
  return (
    <article className="page treatment-page" aria-labelledby="page-title">
      <h1 id="page-title">{current?.protocol_name ? `${page.caption[lang]}: ${current.protocol_name}` : page.caption[lang]}</h1>
      {!treatmentId && <Notice kind="info">{t('treatment.notFound')}</Notice>}
      {loaded.error ? <Notice>{errorText(loaded.error)}</Notice> : null}
      {treatmentId && !current && !loaded.error && <p role="status">{t('app.loading')}</p>}
      {current && <Details treatment={current} onChanged={setCurrent} />}
    </article>
  );
}

/** A call that answers the treatment after a step or change; its refusal, worded in the reader's language. */
type Act = (send: () => Promise<{ treatment: Treatment }>, done: string) => Promise<boolean>;

function Details({ treatment, onChanged }: { treatment: Treatment; onChanged: (t: Treatment) => void }) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const errorText = useErrorText();
  const { authCodes } = useAccess();
  const username = useUsername();
  const actor: Actor = { username, roles: clinicalRolesOf(authCodes) };
  const [failure, setFailure] = useState<unknown>(null);
  const [done, setDone] = useState('');
  const act: Act = async (send, label) => {
    setFailure(null);
    setDone('');
    try {
      onChanged((await send()).treatment);
      setDone(t('treatment.stepDone', { step: label }));
      return true;
    } catch (err) {
      setFailure(err);
      // A refusal may still have changed the record (a lab gate's run is kept with the cycle) or found it
      // changed by another user (14144): what is shown is read again.
      void treatmentGet({ treatment_id: treatment.treatment_id }).then((a) => onChanged(a.treatment), () => undefined);
      return false;
    }
  };
  const stepOf = (step: TreatmentStep, cycleNumber: number | undefined, note: string) =>
    act(
      () => treatmentStep({ treatment_id: treatment.treatment_id, version: treatment.version ?? 1, step, ...(cycleNumber ? { cycle_number: cycleNumber } : {}), ...(note ? { note } : {}) }),
      TREATMENT_STEP_LABELS[step][lang],
    );
  return (
    <>
      <div aria-live="polite">
        {failure ? <Notice>{errorText(failure)}</Notice> : null}
        {done && <Notice kind="success">{done}</Notice>}
      </div>
      <Header treatment={treatment} lang={lang} />
      <StepBar
        title={t('treatment.stepsOfTreatment')}
        steps={treatmentStates.stepsFor(trackedOf<TreatmentStatus, TreatmentStep>(treatment.treatment_status, treatment.status_history), actor)}
        label={(s) => TREATMENT_STEP_LABELS[s][lang]}
        onStep={(s, note) => stepOf(s, undefined, note)}
      />
      <History steps={treatment.status_history ?? []} lang={lang} labels={TREATMENT_STEP_LABELS} />
      <Confirmations treatment={treatment} lang={lang} />
      {(treatment.cycle_list ?? []).map((c) => (
        <Cycle key={c.cycle_number} treatment={treatment} cycle={c} current={c.cycle_number === currentCycle(treatment)} actor={actor} act={act} onFailure={setFailure} onChanged={onChanged} stepOf={stepOf} />
      ))}
    </>
  );
}

function Header({ treatment, lang }: { treatment: Treatment; lang: Lang }) {
  const { t } = useTranslation();
  const followup = usePatientPagePath('patient_followup');
  const patient = useLoad(useCallback(async () => (await patientGet({ patient_id: treatment.patient_id })).patient, [treatment.patient_id]));
  const m = treatment.measurement;
  const measured = [
    m?.weight !== undefined ? t('treatment.weightOn', { value: formatNumber(m.weight, lang, 1), date: formatDate(m.measurement_date, lang) }) : '',
    m?.height !== undefined ? t('treatment.heightOn', { value: formatNumber(m.height, lang, 1), date: formatDate(m.measurement_date, lang) }) : '',
    m?.creatinine !== undefined ? t('treatment.creatinineOn', { value: formatNumber(m.creatinine, lang), date: formatDate(m.creatinine_date, lang) }) : '',
  ].filter(Boolean);
  return (
    <section className="section" aria-label={t('treatment.listTitle')}>
      <dl className="patient-facts">
        <div>
          <dt>{t('treatment.patient')}</dt>
          <dd>{patient.data ? followup ? <Link to={followup(treatment.patient_id)}>{patientName(patient.data)}</Link> : patientName(patient.data) : '…'}</dd>
        </div>
        <div>
          <dt>{t('treatment.protocol')}</dt>
          <dd>{t('treatment.protocolVersion', { name: treatment.protocol_name ?? '', version: treatment.protocol_version })}</dd>
        </div>
        <div>
          <dt>{t('treatment.startDate')}</dt>
          <dd>{formatDate(treatment.start_date, lang)}</dd>
        </div>
        <div>
          <dt>{t('treatment.status')}</dt>
          <dd>{treatmentStatusLabel(treatment.treatment_status, lang)}</dd>
        </div>
        {treatment.doctor_username && (
          <div>
            <dt>{t('treatment.doctor')}</dt>
            <dd>{treatment.doctor_username}</dd>
          </div>
        )}
        {measured.length > 0 && (
          <div>
            <dt>{t('treatment.measurementUsed')}</dt>
            <dd>
              {measured.map((line) => (
                <span key={line} className="treatment-line">
                  {line}
                </span>
              ))}
            </dd>
          </div>
        )}
      </dl>
    </section>
  );
}

/** The steps offered with one note for them; a step's button sends it with the note. */
function StepBar<K extends string>({ title, steps, label, onStep }: { title: string; steps: K[]; label: (s: K) => string; onStep: (s: K, note: string) => Promise<boolean> }) {
  const { t } = useTranslation();
  const [note, setNote] = useState('');
  if (!steps.length) return null;
  return (
    <fieldset className="treatment-steps">
      <legend>{title}</legend>
      <TextField label={t('treatment.noteOf', { what: title })} name="note" value={note} onValue={setNote} maxLength={2000} />
      <div className="treatment-steps__buttons">
        {steps.map((s) => (
          <button
            key={s}
            type="button"
            className="button"
            onClick={async () => {
              if (await onStep(s, note)) setNote('');
            }}
          >
            {label(s)}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

function History<K extends string>({ steps, lang, labels }: { steps: StatusStep[]; lang: Lang; labels: Readonly<Record<K, { en: string; tr: string }>> }) {
  const { t } = useTranslation();
  if (!steps.length) return null;
  return (
    <details className="treatment-history">
      <summary>{t('treatment.history')}</summary>
      <ol>
        {steps.map((s) => (
          <li key={`${s.step}-${s.at}`}>
            {t('treatment.historyEntry', { step: labels[s.step as K]?.[lang] ?? s.step, by: s.by, at: formatDate(s.at, lang, true) })}
            {s.note && <span className="treatment-line">{`${t('treatment.note')}: ${s.note}`}</span>}
          </li>
        ))}
      </ol>
    </details>
  );
}

function Confirmations({ treatment, lang }: { treatment: Treatment; lang: Lang }) {
  const { t } = useTranslation();
  const list = treatment.change_confirmation_list ?? [];
  if (!list.length) return null;
  return (
    <section className="section" aria-labelledby="confirmations-title">
      <h2 id="confirmations-title">{t('treatment.confirmations')}</h2>
      <ul>
        {list.map((c) => (
          <li key={c.at}>
            {t('treatment.confirmedBy', { by: c.by, at: formatDate(c.at, lang, true) })}
            <ChangeLines changes={c.change_list} lang={lang} />
            {c.note && <span className="treatment-line">{`${t('treatment.note')}: ${c.note}`}</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}

function ChangeLines({ changes, lang }: { changes: TreatmentChange[]; lang: Lang }) {
  const { t } = useTranslation();
  return (
    <ul className="treatment-changes">
      {changes.map((c) => (
        <li key={`${c.field}-${c.cycle_number}-${c.item_id}-${c.day}`}>
          {t('treatment.changeLine', { message: c.message[lang], before: formatNumber(c.before, lang), after: formatNumber(c.after, lang), percent: formatNumber(c.percent, lang, 1) })}
        </li>
      ))}
    </ul>
  );
}

/** Where a drug day's work is over: given, not given, or cancelled for the day. */
const dayDone = (status: DrugStatus) => status.startsWith('given_') || status.startsWith('not_given_') || status === 'cancelled_for_the_day';

/**
 * The cycle the ward works on: the first with a drug day still to do (the last when all are done). Its drug days
 * are open; the other cycles show their dates, status and steps, their days a click away — six cycles of six
 * drugs each would otherwise be a page of thirty-six cards.
 */
function currentCycle(treatment: Treatment): number | undefined {
  const cycles = treatment.cycle_list ?? [];
  return (cycles.find((c) => c.drug_day_list.some((d) => !dayDone(d.drug_status))) ?? cycles.at(-1))?.cycle_number;
}

/** A cycle a doctor may still delay: an open treatment, a cycle not started or closed. */
const delayable = (treatment: Treatment, cycle: TreatmentCycle, actor: Actor) =>
  treatment.treatment_status !== 'finished' &&
  treatment.treatment_status !== 'terminated' &&
  actor.roles.includes('doctor') &&
  (cycle.cycle_status ?? 'not_approved') !== 'started' &&
  cycle.cycle_status !== 'finished' &&
  cycle.cycle_status !== 'terminated';

function Cycle({
  treatment,
  cycle,
  current,
  actor,
  act,
  onFailure,
  onChanged,
  stepOf,
}: {
  treatment: Treatment;
  cycle: TreatmentCycle;
  /** The cycle the ward works on: its drug days are shown open. */
  current: boolean;
  actor: Actor;
  act: Act;
  onFailure: (e: unknown) => void;
  onChanged: (t: Treatment) => void;
  stepOf: (s: TreatmentStep, cycle: number, note: string) => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const titleId = `cycle-${cycle.cycle_number}`;
  const runs = cycle.lab_gate_run_list ?? [];
  return (
    <section className="section treatment-cycle" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('treatment.cycleTitle', { number: cycle.cycle_number })}</h2>
      <dl className="patient-facts">
        <div>
          <dt>{t('treatment.plannedDate')}</dt>
          <dd>{formatDate(cycle.planned_date, lang)}</dd>
        </div>
        <div>
          <dt>{t('treatment.delay')}</dt>
          <dd>{t('treatment.delayDays', { count: cycle.delay_days ?? 0 })}</dd>
        </div>
        <div>
          <dt>{t('treatment.status')}</dt>
          <dd>{treatmentStatusLabel(cycle.cycle_status ?? 'not_approved', lang)}</dd>
        </div>
      </dl>
      {runs.length > 0 && (
        <div className="treatment-gates">
          <h3>{t('treatment.labGates')}</h3>
          <ul>
            {runs.map((r) => (
              <li key={`${r.package_id}-${r.at}`} className={r.passed ? undefined : 'treatment-gates__failed'}>
                {t(r.passed ? 'treatment.labGatePassed' : 'treatment.labGateFailed', { label: r.label?.[lang] ?? r.label?.en ?? '', at: formatDate(r.at, lang, true) })}
              </li>
            ))}
          </ul>
        </div>
      )}
      <StepBar
        title={t('treatment.stepsOfCycle', { number: cycle.cycle_number })}
        steps={treatmentStates.stepsFor(trackedOf<TreatmentStatus, TreatmentStep>(cycle.cycle_status ?? 'not_approved', cycle.status_history), actor)}
        label={(s) => TREATMENT_STEP_LABELS[s][lang]}
        onStep={(s, note) => stepOf(s, cycle.cycle_number, note)}
      />
      {delayable(treatment, cycle, actor) && (
        <PlanChange
          treatment={treatment}
          label={t('treatment.delayOf', { number: cycle.cycle_number })}
          button={{ text: t('treatment.delayCycle'), name: t('treatment.delayCycleOf', { number: cycle.cycle_number }) }}
          initial={cycle.delay_days ?? 0}
          bounds={[0, 365]}
          invalid={t('treatment.delayInvalid')}
          request={(delay_days, at) => ({ ...at, cycle_number: cycle.cycle_number, delay_days })}
          onFailure={onFailure}
          onChanged={onChanged}
        />
      )}
      <details className="treatment-cycle__days" open={current}>
        <summary>{t('treatment.drugDaysOf', { count: cycle.drug_day_list.length })}</summary>
        <ul className="treatment-days">
          {cycle.drug_day_list.map((d) => (
            <DrugDayCard key={`${d.item_id}-${d.day}`} treatment={treatment} cycle={cycle} day={d} actor={actor} act={act} onFailure={onFailure} onChanged={onChanged} />
          ))}
        </ul>
      </details>
    </section>
  );
}

const NOT_GIVEN = (Object.keys(DRUG_STEPS) as DrugStep[]).filter((s) => s.startsWith('not_given_'));

function DrugDayCard({
  treatment,
  cycle,
  day,
  actor,
  act,
  onFailure,
  onChanged,
}: {
  treatment: Treatment;
  cycle: TreatmentCycle;
  day: DrugDay;
  actor: Actor;
  act: Act;
  onFailure: (e: unknown) => void;
  onChanged: (t: Treatment) => void;
}) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const title = dayTitle(day, lang, t);
  const steps = drugStates.stepsFor(trackedOf<DrugStatus, DrugStep>(day.drug_status, day.status_history), actor);
  const offered = steps.filter((s) => !NOT_GIVEN.includes(s));
  const reasons = steps.filter((s) => NOT_GIVEN.includes(s));
  const [note, setNote] = useState('');
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState('');
  const label = (s: DrugStep) => {
    const base = DRUG_STEP_LABELS[s][lang];
    // A double check names who takes it: a second user of the role, never the one who took the checked step.
    return DRUG_STEPS[s].checks ? `${base} (${t(`treatment.secondCheck.${s}`)})` : base;
  };
  const send = async (step: DrugStep) => {
    const ok = await act(
      () => treatmentDrugStep({ treatment_id: treatment.treatment_id, cycle_number: cycle.cycle_number, item_id: day.item_id ?? '', day: day.day, step, ...(note ? { note } : {}) }),
      label(step),
    );
    if (ok) {
      setNote('');
      setReason('');
    }
  };
  // The server changes a dose only of a day not yet approved or approved, of an open treatment, for a doctor (docs/decisions.md).
  const editable =
    treatment.treatment_status !== 'finished' && treatment.treatment_status !== 'terminated' && actor.roles.includes('doctor') && (day.drug_status === 'not_approved' || day.drug_status === 'approved');
  return (
    <li className="treatment-day" aria-label={title}>
      <h3>{title}</h3>
      <p>
        <strong>{t('treatment.status')}:</strong> {drugStatusLabel(day.drug_status, lang)}
      </p>
      <DayFacts day={day} lang={lang} />
      {(offered.length > 0 || reasons.length > 0) && (
        <fieldset className="treatment-steps">
          <legend>{t('treatment.steps')}</legend>
          <TextField label={t('treatment.noteOf', { what: title })} name="note" value={note} onValue={setNote} maxLength={2000} />
          <div className="treatment-steps__buttons">
            {offered.map((s) => (
              <button key={s} type="button" className="button" onClick={() => send(s)}>
                {label(s)}
              </button>
            ))}
          </div>
          {reasons.length > 0 && (
            <div className="treatment-steps__reason">
              <SelectField
                label={t('treatment.notGivenReason')}
                name="not_given_reason"
                value={reason}
                onValue={setReason}
                error={reasonError}
                options={[{ value: '', label: t('treatment.notGivenChoose') }, ...reasons.map((s) => ({ value: s, label: label(s) }))]}
              />
              <button
                type="button"
                className="button button--secondary"
                onClick={() => {
                  setReasonError(reason ? '' : t('treatment.notGivenChoose'));
                  if (reason) void send(reason as DrugStep);
                }}
              >
                {t('treatment.notGiven')}
              </button>
            </div>
          )}
        </fieldset>
      )}
      {editable && (
        <PlanChange
          treatment={treatment}
          label={t('treatment.changeDoseOf', { drug: day.drug_name, day: day.day })}
          button={{ text: t('treatment.changeDose'), name: `${t('treatment.changeDose')}: ${title}` }}
          initial={day.dose_percent ?? 100}
          bounds={[1, 200]}
          invalid={t('treatment.percentInvalid')}
          request={(dose_percent, at) => ({ ...at, cycle_number: cycle.cycle_number, item_id: day.item_id ?? '', day: day.day, dose_percent })}
          onFailure={onFailure}
          onChanged={onChanged}
        />
      )}
      <History steps={day.status_history ?? []} lang={lang} labels={DRUG_STEP_LABELS} />
    </li>
  );
}

/**
 * A doctor's change of the plan (a drug day's dose percent, a cycle's delay): a whole number in its bounds; a change
 * beyond the protocol's percent is listed for confirmation and sent again with confirm_changes.
 */
function PlanChange({
  treatment,
  label,
  button,
  initial,
  bounds,
  invalid,
  request,
  onFailure,
  onChanged,
}: {
  treatment: Treatment;
  label: string;
  /** The button's words and its accessible name (which line or cycle it changes). */
  button: { text: string; name: string };
  initial: number;
  bounds: [number, number];
  invalid: string;
  /** The change's request for a value, on the treatment at the version shown. */
  request: (value: number, at: { treatment_id: string; version: number }) => TreatmentChangeRequest;
  onFailure: (e: unknown) => void;
  onChanged: (t: Treatment) => void;
}) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const [text, setText] = useState(String(initial));
  const [problem, setProblem] = useState('');
  const [pending, setPending] = useState<TreatmentChange[] | null>(null);
  const [busy, setBusy] = useState(false);
  const send = async (confirm: boolean) => {
    const value = /^\d{1,3}$/.test(text.trim()) ? Number(text) : Number.NaN;
    if (!(value >= bounds[0] && value <= bounds[1])) {
      setProblem(invalid);
      return;
    }
    setProblem('');
    setBusy(true);
    onFailure(null);
    try {
      const answer = await treatmentChange({ ...request(value, { treatment_id: treatment.treatment_id, version: treatment.version ?? 1 }), ...(confirm ? { confirm_changes: true } : {}) });
      setPending(null);
      onChanged(answer.treatment);
    } catch (err) {
      const listed = err instanceof ApiError && err.status_code === '14021' ? (err.details.change_warning_list as TreatmentChange[] | undefined) : undefined;
      if (listed) setPending(listed);
      else onFailure(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="treatment-change">
      <TextField label={label} name="change" inputMode="numeric" value={text} onValue={setText} error={problem} />
      <button type="button" className="button button--secondary" disabled={busy} onClick={() => send(false)} aria-label={button.name}>
        {button.text}
      </button>
      {pending && (
        <ConfirmDialog title={t('treatment.confirmTitle')} confirmLabel={t('treatment.confirm')} busy={busy} onConfirm={() => send(true)} onCancel={() => setPending(null)}>
          <p>{t('treatment.confirmIntro')}</p>
          <ChangeLines changes={pending} lang={lang} />
        </ConfirmDialog>
      )}
    </div>
  );
}

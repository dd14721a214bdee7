// patient_followup (?patient=<id>): a patient's demographics; the latest weight and height and the latest
// creatinine with their dates, and the BSA, BMI and BMI class computed from them by src/domain/dosing; the
// measurement form and history; the laboratory results (abnormal values marked in words) and their entry form.
import { useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAccess, useActiveLabel } from '../../app/router/hooks';
import type { PageProps } from '../../app/router/registry';
import { formatDate, Notice, useErrorText, useLoad } from '../../app/ui';
import { bmi, bmiClass, bsa } from '../../domain/dosing';
import type { Lang } from '../../domain/language';
import { patientLabList, patientMeasurementList, patientSave } from '../../generated/client';
import { bmiClass as bmiClassEnum } from '../../generated/enums/bmiClass';
import type { LabResult, Patient, PatientMeasurement } from '../../generated/types/entities';
import { PagedTable, type TableColumn } from '../shared/PagedTable';
import { PAGE_SIZE, usePagedList } from '../shared/paged';
import { hospitalToday, measuresOf, planWarnings } from '../../domain/treatment';
import { PatientTreatments } from '../treatment/PatientTreatments';
import { LabEntry } from './LabEntry';
import { MeasurementEntry } from './MeasurementEntry';
import { PatientForm } from './PatientForm';
import { formatNumber, genderLabel, LabValue, PatientMissing, patientName, referenceText, testName, useAddressedPatient, usePatientPagePath } from './shared';
import './patient.css';

/** Who may enter what (the routes' auth codes): the forms are offered only to them. Those who measure also correct the details. */
const MEASURES = ['doctor', 'nurse', 'admin'];
const ENTERS_LABS = ['doctor', 'nurse', 'pharmacist', 'admin'];

export default function PatientFollowup({ page }: PageProps) {
  const lang = useActiveLabel();
  const { patientId, data: loaded, error } = useAddressedPatient();
  // The patient as last saved on this page (Edit details), else as read.
  const [saved, setSaved] = useState<Patient | null>(null);
  const patient = saved?.patient_id === loaded?.patient_id ? saved : loaded;
  return (
    <article className="page" aria-labelledby="page-title">
      <h1 id="page-title">{patient ? `${page.caption[lang]}: ${patientName(patient)}` : page.caption[lang]}</h1>
      {patient ? <Followup patient={patient} onSaved={setSaved} /> : <PatientMissing patientId={patientId} error={error} />}
    </article>
  );
}

function Followup({ patient, onSaved }: { patient: Patient; onSaved: (p: Patient) => void }) {
  const { authCodes } = useAccess();
  // A write elsewhere on the page reads the lists again.
  const [measured, setMeasured] = useState(0);
  const [labbed, setLabbed] = useState(0);
  const today = hospitalToday();
  return (
    <>
      <Demographics patient={patient} editable={authCodes.some((c) => MEASURES.includes(c))} onSaved={onSaved} />
      <LatestMeasurements key={measured} patientId={patient.patient_id} />
      {authCodes.some((c) => MEASURES.includes(c)) && <MeasurementEntry patientId={patient.patient_id} today={today} onSaved={() => setMeasured((n) => n + 1)} />}
      <MeasurementHistory patientId={patient.patient_id} version={measured} />
      <PatientTreatments patientId={patient.patient_id} />
      <LabResults patientId={patient.patient_id} version={labbed} />
      {authCodes.some((c) => ENTERS_LABS.includes(c)) && <LabEntry patientId={patient.patient_id} today={today} onSaved={() => setLabbed((n) => n + 1)} />}
    </>
  );
}

/** The patient's details; "Edit details" opens them in the patient form (patient/save at the version shown). */
function Demographics({ patient, editable, onSaved }: { patient: Patient; editable: boolean; onSaved: (p: Patient) => void }) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const [editing, setEditing] = useState(false);
  const [done, setDone] = useState(false);
  const rows: [string, string | undefined][] = [
    [t('patient.fileNumber'), patient.patient_no],
    [t('patient.identityNumber'), patient.identity_number ?? patient.identity_number_masked],
    [t('patient.gender'), genderLabel(patient.gender, lang)],
    [t('patient.dateOfBirth'), formatDate(patient.date_of_birth, lang)],
    [t('patient.diagnosis'), patient.diagnosis],
    [t('patient.icd10'), patient.icd10_code],
  ];
  return (
    <section className="section" aria-labelledby="demographics-title">
      <h2 id="demographics-title">{t('patient.demographics')}</h2>
      {done && <Notice kind="success">{t('patient.detailsSaved')}</Notice>}
      {editing ? (
        <PatientForm
          patient={patient}
          labelledBy="demographics-title"
          submitLabel={t('patient.saveDetails')}
          onSave={async (fields) => {
            const answer = await patientSave({ patient_id: patient.patient_id, version: patient.version ?? 1, patient: fields });
            onSaved(answer.patient);
            setEditing(false);
            setDone(true);
          }}
        >
          <button type="button" className="button button--secondary" onClick={() => setEditing(false)}>
            {t('patient.cancelEdit')}
          </button>
        </PatientForm>
      ) : (
      <dl className="patient-facts">
        {rows
          .filter((r): r is [string, string] => Boolean(r[1]))
          .map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
      </dl>
      )}
      {editable && !editing && (
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            setDone(false);
            setEditing(true);
          }}
        >
          {t('patient.editDetails')}
        </button>
      )}
    </section>
  );
}

/** The newest measurement with weight and height, and the newest creatinine, of the patient's latest measurements. */
function latestOf(list: PatientMeasurement[]) {
  const body = list.find((m) => m.weight !== undefined && m.height !== undefined);
  const creatinine = list.find((m) => m.creatinine !== undefined);
  return { body, creatinine };
}

/**
 * Spec section 5's warnings of the measurements a dose would be calculated from: the last weight and height and
 * the last creatinine older than 30 days, worded with their dates by the plan's own warnings (a plan starting today).
 */
function staleWarnings(latest: ReturnType<typeof latestOf>) {
  const measures = { ...(latest.body ? measuresOf(latest.body) : {}), ...(latest.creatinine ? { creatinine: measuresOf(latest.creatinine).creatinine } : {}) };
  const plan = { protocol_id: '', start_date: hospitalToday(), cycle_count: 0, cycles: [], problems: [] };
  return planWarnings({ plan, measures, now: new Date() }).filter((w) => w.field !== 'start_date');
}

/** BSA (Mosteller), BMI and its class from a weight and height, by the dosing module the dose calculator uses. */
function bodySize(m: PatientMeasurement, lang: Lang) {
  const measures = { weight: { value: m.weight!, unit: 'kg' as const }, height: { value: m.height!, unit: 'cm' as const } };
  const area = bsa(measures);
  const index = bmi(measures);
  const cls = index.ok ? bmiClass(index.value.value) : undefined;
  return {
    bsa: area.ok ? `${formatNumber(area.value.value, lang)} m²` : '',
    bmi: index.ok ? `${formatNumber(index.value.value, lang, 1)} kg/m²` : '',
    bmiClass: cls ? bmiClassEnum.labels[bmiClassEnum.values.indexOf(cls)][lang] : '',
  };
}

/** Keyed by the page's count of saved measurements: a new one reads them again. */
function LatestMeasurements({ patientId }: { patientId: string }) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const errorText = useErrorText();
  // The latest page holds the newest of each kind unless a patient has a hundred newer creatinine-only entries.
  const load = useCallback(async () => (await patientMeasurementList({ patient_id: patientId, page_size: 100 })).patient_measurement_list, [patientId]);
  const { data, error } = useLoad(load);
  const latest = data ? latestOf(data) : null;
  const size = latest?.body ? bodySize(latest.body, lang) : null;
  const stale = latest ? staleWarnings(latest) : null;
  return (
    <section className="section" aria-labelledby="latest-title">
      <h2 id="latest-title">{t('patient.latest.title')}</h2>
      {error ? <Notice>{errorText(error)}</Notice> : null}
      {!data && !error && <p role="status">{t('app.loading')}</p>}
      {latest && !latest.body && !latest.creatinine && <p>{t('patient.latest.none')}</p>}
      {stale && stale.length > 0 && (
        // Shown as the page opens, not announced as news: a warning box, not an alert.
        <ul className="notice notice--error patient-stale">
          {stale.map((w) => (
            <li key={w.code}>{w.message[lang]}</li>
          ))}
        </ul>
      )}
      {latest && (latest.body || latest.creatinine) && (
        <dl className="patient-facts">
          {latest.body && size && (
            <>
              <div>
                <dt>{t('patient.latest.weight')}</dt>
                <dd>
                  {formatNumber(latest.body.weight!, lang, 1)} kg <span className="patient-facts__date">{t('patient.latest.on', { date: formatDate(latest.body.measurement_date, lang) })}</span>
                </dd>
              </div>
              <div>
                <dt>{t('patient.latest.height')}</dt>
                <dd>
                  {formatNumber(latest.body.height!, lang, 1)} cm <span className="patient-facts__date">{t('patient.latest.on', { date: formatDate(latest.body.measurement_date, lang) })}</span>
                </dd>
              </div>
              <div>
                <dt>{t('patient.latest.bsa')}</dt>
                <dd>{size.bsa}</dd>
              </div>
              <div>
                <dt>{t('patient.latest.bmi')}</dt>
                <dd>{size.bmi}</dd>
              </div>
              <div>
                <dt>{t('patient.latest.bmiClass')}</dt>
                <dd>{size.bmiClass}</dd>
              </div>
            </>
          )}
          {latest.creatinine && (
            <div>
              <dt>{t('patient.latest.creatinine')}</dt>
              <dd>
                {formatNumber(latest.creatinine.creatinine!, lang)} mg/dL{' '}
                <span className="patient-facts__date">{t('patient.latest.on', { date: formatDate(latest.creatinine.creatinine_date, lang) })}</span>
              </dd>
            </div>
          )}
        </dl>
      )}
    </section>
  );
}

function MeasurementHistory({ patientId, version }: { patientId: string; version: number }) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const list = usePagedList(
    useCallback(
      async (p: number) => {
        const a = await patientMeasurementList({ patient_id: patientId, page: p, page_size: PAGE_SIZE });
        return { rows: a.patient_measurement_list, total: a.total };
      },
      [patientId],
    ),
    [version],
  );
  const n = (v: number | undefined, unit: string, digits = 2) => (v === undefined ? '' : `${formatNumber(v, lang, digits)} ${unit}`);
  const columns: TableColumn<PatientMeasurement>[] = [
    { header: t('patient.measurement.date'), cell: (m) => formatDate(m.measurement_date, lang) },
    { header: t('patient.measurement.weight'), cell: (m) => n(m.weight, 'kg', 1) },
    { header: t('patient.measurement.height'), cell: (m) => n(m.height, 'cm', 1) },
    { header: t('patient.latest.bsa'), cell: (m) => n(m.bsa, 'm²'), priority: 3 },
    { header: t('patient.latest.bmi'), cell: (m) => n(m.bmi, 'kg/m²', 1), priority: 3 },
    {
      header: t('patient.measurement.creatinine'),
      cell: (m) => (m.creatinine === undefined ? '' : `${n(m.creatinine, 'mg/dL')} (${formatDate(m.creatinine_date, lang)})`),
    },
  ];
  return (
    <PagedTable
      id="measurement-history-title"
      title={t('patient.measurement.history')}
      list={list}
      columns={columns}
      rowKey={(m) => m.measurement_id}
      pageSize={PAGE_SIZE}
      pagesLabel={t('patient.measurement.pages')}
      empty={t('patient.measurement.none')}
    />
  );
}

function LabResults({ patientId, version }: { patientId: string; version: number }) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const byTest = usePatientPagePath('laboratory_results');
  const list = usePagedList(
    useCallback(
      async (p: number) => {
        const a = await patientLabList({ patient_id: patientId, page: p, page_size: PAGE_SIZE });
        return { rows: a.lab_result_list, total: a.total };
      },
      [patientId],
    ),
    [version],
  );
  const columns: TableColumn<LabResult>[] = [
    { header: t('patient.lab.test'), cell: (r) => testName(r, lang) },
    { header: t('patient.lab.value'), cell: (r) => <LabValue result={r} lang={lang} /> },
    { header: t('patient.lab.reference'), cell: (r) => referenceText(r, lang), priority: 3 },
    { header: t('patient.lab.date'), cell: (r) => formatDate(r.result_date, lang, true) },
  ];
  return (
    <PagedTable
      id="lab-results-title"
      title={t('patient.lab.title')}
      list={list}
      columns={columns}
      rowKey={(r) => r.lab_result_id}
      pageSize={PAGE_SIZE}
      pagesLabel={t('patient.lab.pages')}
      empty={t('patient.lab.none')}
    >
      {byTest && list.total > 0 && (
        <p>
          <Link to={byTest(patientId)}>{t('patient.lab.byTest')}</Link>
        </p>
      )}
    </PagedTable>
  );
}

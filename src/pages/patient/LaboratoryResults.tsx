// laboratory_results (?patient=<id>): a patient's laboratory results by test over time — one table per test,
// newest first, abnormal values marked — filtered by test and by date on the server (patient/lab/list).
import { useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useActiveLabel } from '../../app/router/hooks';
import type { PageProps } from '../../app/router/registry';
import { formatDate, Notice, SelectField, TableRegion, TextField, useErrorText, useLoad } from '../../app/ui';
import { patientLabList } from '../../generated/client';
import type { Lang } from '../../domain/language';
import type { LabResult, Patient } from '../../generated/types/entities';
import type { PatientLabListRequest } from '../../generated/types/routes';
import { FilterActions } from '../shared/FilterActions';
import { LabValue, PatientMissing, patientName, referenceText, testName, useAddressedPatient, usePatientPagePath } from './shared';
import './patient.css';

/** At most this many results are shown at once (the newest); a narrower filter shows older ones. */
const MOST = 500;
const PAGE = 100;

interface Filters {
  test_code: string;
  date_from: string;
  date_to: string;
}
const NO_FILTERS: Filters = { test_code: '', date_from: '', date_to: '' };

export default function LaboratoryResults({ page }: PageProps) {
  const lang = useActiveLabel();
  const { patientId, data: patient, error } = useAddressedPatient();
  return (
    <article className="page" aria-labelledby="page-title">
      <h1 id="page-title">{patient ? `${page.caption[lang]}: ${patientName(patient)}` : page.caption[lang]}</h1>
      {patient ? <ResultsByTest patient={patient} /> : <PatientMissing patientId={patientId} error={error} />}
    </article>
  );
}

/** The results matching the filters, newest first, up to MOST. */
async function resultsOf(patientId: string, f: Filters): Promise<{ results: LabResult[]; total: number }> {
  const request: PatientLabListRequest = {
    patient_id: patientId,
    ...(f.test_code ? { test_code: f.test_code } : {}),
    ...(f.date_from ? { date_from: f.date_from } : {}),
    ...(f.date_to ? { date_to: f.date_to } : {}),
  };
  const results: LabResult[] = [];
  let total = 0;
  for (let page = 1; results.length < MOST; page++) {
    const a = await patientLabList({ ...request, page, page_size: PAGE });
    results.push(...a.lab_result_list);
    total = a.total;
    if (page * PAGE >= a.total) break;
  }
  return { results, total };
}

/** Results by test, tests in the order of their names in the reader's language; each test's results stay newest first. */
function groupByTest(results: LabResult[], lang: Lang): [string, LabResult[]][] {
  const byCode = new Map<string, LabResult[]>();
  for (const r of results) byCode.set(r.test_code, [...(byCode.get(r.test_code) ?? []), r]);
  return [...byCode.entries()].sort(([, a], [, b]) => testName(a[0], lang).localeCompare(testName(b[0], lang), lang));
}

function ResultsByTest({ patient }: { patient: Patient }) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const errorText = useErrorText();
  const followup = usePatientPagePath('patient_followup');
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  // Every result (up to MOST) names the tests the filter offers; a filter reads its own results.
  const all = useLoad(useCallback(() => resultsOf(patient.patient_id, NO_FILTERS), [patient.patient_id]));
  const loadFiltered = useCallback(() => resultsOf(patient.patient_id, filters), [patient.patient_id, filters]);
  const filtered = useLoad(filters === NO_FILTERS ? null : loadFiltered);
  const { data, error, loading } = filters === NO_FILTERS ? all : filtered;
  const groups = useMemo(() => groupByTest(data?.results ?? [], lang), [data, lang]);
  const tests = useMemo(() => groupByTest(all.data?.results ?? [], lang).map(([code, rs]) => ({ value: code, label: testName(rs[0], lang) })), [all.data, lang]);
  const set = (k: keyof Filters) => (v: string) => setDraft((d) => ({ ...d, [k]: v }));

  return (
    <>
      {followup && (
        <p>
          <Link to={followup(patient.patient_id)}>{t('patient.backToFollowup')}</Link>
        </p>
      )}
      <search aria-label={t('common.filters')}>
        <form
          className="filters"
          onSubmit={(e) => {
            e.preventDefault();
            setFilters({ ...draft });
          }}
        >
          <SelectField label={t('patient.lab.test')} name="test_code" value={draft.test_code} onValue={set('test_code')} placeholder={t('patient.lab.allTests')} options={tests} />
          <TextField label={t('patient.lab.from')} name="date_from" type="date" value={draft.date_from} onValue={set('date_from')} />
          <TextField label={t('patient.lab.to')} name="date_to" type="date" value={draft.date_to} onValue={set('date_to')} />
          <FilterActions
            canReset={JSON.stringify(draft) !== JSON.stringify(NO_FILTERS)}
            onReset={() => {
              setDraft(NO_FILTERS);
              setFilters(NO_FILTERS);
            }}
          />
        </form>
      </search>
      {error ? <Notice>{errorText(error)}</Notice> : null}
      {loading && <p role="status">{t('app.loading')}</p>}
      {data && !loading && groups.length === 0 && <p>{t('patient.lab.none')}</p>}
      {data && data.total > data.results.length && <Notice kind="info">{t('patient.lab.newestOnly', { shown: data.results.length, total: data.total })}</Notice>}
      {groups.map(([code, results]) => (
        <section key={code} className="section lab-trend" aria-labelledby={`lab-${code}`}>
          <h2 id={`lab-${code}`}>{testName(results[0], lang)}</h2>
          <TableRegion label={testName(results[0], lang)}>
            <table className="table" aria-labelledby={`lab-${code}`}>
              <thead>
                <tr>
                  <th scope="col">{t('patient.lab.date')}</th>
                  <th scope="col">{t('patient.lab.value')}</th>
                  <th scope="col">{t('patient.lab.reference')}</th>
                </tr>
              </thead>
              <tbody>
                {results.map((r) => (
                  <tr key={r.lab_result_id}>
                    <th scope="row">{formatDate(r.result_date, lang, true)}</th>
                    <td>
                      <LabValue result={r} lang={lang} />
                    </td>
                    <td>{referenceText(r, lang)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableRegion>
        </section>
      ))}
    </>
  );
}

// patient_medications (?patient=<id>): the patient's medication record — every drug day of every treatment
// (terminated ones included: what was given stays on the record) in date order, as the cycles run, with the dose,
// the state in words and the protocol and cycle it belongs to; filtered by state on the server (treatment/day/list by patient).
import { useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useActiveLabel } from '../../app/router/hooks';
import type { PageProps } from '../../app/router/registry';
import { enumLabel } from '../../app/ui/labels';
import { formatDate, SelectField } from '../../app/ui';
import { treatmentDayList } from '../../generated/client';
import { drugStatus } from '../../generated/enums/drugStatus';
import type { DrugStatus, Patient } from '../../generated/types/entities';
import type { TreatmentDayListResponse } from '../../generated/types/routes';
import { storedDoseUnit } from '../../domain/treatment';
import { usePagedList } from '../shared/paged';
import { PagedTable, type TableColumn } from '../shared/PagedTable';
import { formatNumber, PatientMissing, patientName, useAddressedPatient, usePatientPagePath } from './shared';
import './patient.css';

type Day = TreatmentDayListResponse['drug_day_list'][number];

const PAGE_SIZE = 25;

/** The record's filter: the states a nurse or pharmacist asks about, in words. */
const SHOWN: Record<string, readonly DrugStatus[] | undefined> = {
  all: undefined,
  waiting: ['not_approved', 'approved', 'brands_selected', 'prepared_robotic', 'prepared_manual', 'patient_drug_matched'],
  given: ['given_fully', 'given_partly'],
  not_given: ['not_given_not_recorded', 'not_given_out_of_stock', 'not_given_wrong_dose', 'not_given_no_vascular_access', 'not_given_patient_refused', 'cancelled_for_the_day'],
};

export default function PatientMedications({ page }: PageProps) {
  const lang = useActiveLabel();
  const { patientId, data: patient, error } = useAddressedPatient();
  return (
    <article className="page" aria-labelledby="page-title">
      <h1 id="page-title">{patient ? `${page.caption[lang]}: ${patientName(patient)}` : page.caption[lang]}</h1>
      {patient ? <MedicationRecord patient={patient} /> : <PatientMissing patientId={patientId} error={error} />}
    </article>
  );
}

function MedicationRecord({ patient }: { patient: Patient }) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const followup = usePatientPagePath('patient_followup');
  const [shown, setShown] = useState<keyof typeof SHOWN>('all');
  const list = usePagedList(
    useCallback(
      async (p: number) => {
        const states = SHOWN[shown];
        const a = await treatmentDayList({ patient_id: patient.patient_id, ...(states ? { drug_status_list: [...states] } : {}), page: p, page_size: PAGE_SIZE });
        return { rows: a.drug_day_list, total: a.total };
      },
      [patient.patient_id, shown],
    ),
  );
  const columns: TableColumn<Day>[] = [
    { header: t('patient.medications.date'), cell: (d) => formatDate(d.planned_date, lang) },
    { header: t('patient.medications.drug'), cell: (d) => d.drug_name },
    { header: t('patient.medications.dose'), cell: (d) => (d.calculated_dose === undefined || !d.unit ? '' : `${formatNumber(d.calculated_dose, lang)} ${storedDoseUnit(d.unit)}`) },
    { header: t('patient.medications.status'), cell: (d) => enumLabel(drugStatus, d.drug_status, lang) },
    { header: t('patient.medications.protocol'), cell: (d) => t('patient.medications.cycleOf', { protocol: d.protocol_name ?? '', cycle: d.cycle_number, day: d.day }), priority: 3 },
  ];
  return (
    <>
      {followup && (
        <p>
          <Link to={followup(patient.patient_id)}>{t('patient.backToFollowup')}</Link>
        </p>
      )}
      <PagedTable
        id="medications-title"
        title={t('patient.medications.title')}
        list={list}
        columns={columns}
        rowKey={(d) => `${d.treatment_id}:${d.cycle_number}:${d.item_id}:${d.day}`}
        pageSize={PAGE_SIZE}
        pagesLabel={t('patient.medications.pages')}
        empty={t(shown === 'all' ? 'patient.medications.none' : 'patient.medications.noneShown')}
      >
        <search aria-label={t('common.filters')}>
          <form className="filters" onSubmit={(e) => e.preventDefault()}>
            <SelectField
              label={t('patient.medications.show')}
              name="shown"
              value={shown}
              onValue={(v) => setShown(v as keyof typeof SHOWN)}
              options={Object.keys(SHOWN).map((k) => ({ value: k, label: t(`patient.medications.shown.${k}`) }))}
            />
          </form>
        </search>
      </PagedTable>
    </>
  );
}

// chemotherapy_list: the drug days due on a date across the site's patients (/v1/treatment/day/list), filtered by
// drug status; the pharmacy's view is the same list limited to what the pharmacy works on (approved, brands
// selected, prepared), one tick away (docs/decisions.md).
import { useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useActiveLabel } from '../../app/router/hooks';
import type { PageProps } from '../../app/router/registry';
import { CheckboxField, SelectField, TextField } from '../../app/ui';
import { hospitalToday } from '../../domain/treatment/dates';
import { treatmentDayList } from '../../generated/client';
import { drugStatus } from '../../generated/enums/drugStatus';
import type { DrugStatus } from '../../generated/types/entities';
import type { TreatmentDayListResponse } from '../../generated/types/routes';
import { isDay, formatNumber } from '../patient/shared';
import { PagedTable, type TableColumn } from '../shared/PagedTable';
import { PAGE_SIZE, usePagedList } from '../shared/paged';
import { drugStatusLabel, useTreatmentPagePath } from './shared';

type Row = TreatmentDayListResponse['drug_day_list'][number];

/** What the pharmacy works on: approved days until they are prepared. */
const PHARMACY: DrugStatus[] = ['approved', 'brands_selected', 'prepared_robotic', 'prepared_manual'];

export default function ChemotherapyList({ page }: PageProps) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const treatmentPath = useTreatmentPagePath('treatment');
  const [date, setDate] = useState(hospitalToday());
  const [status, setStatus] = useState<DrugStatus | ''>('');
  const [pharmacy, setPharmacy] = useState(false);
  const statuses = pharmacy ? PHARMACY : status ? [status] : [];
  const key = statuses.join(',');
  const list = usePagedList(
    useCallback(
      async (p: number) => {
        if (!isDay(date)) return { rows: [], total: 0 };
        const a = await treatmentDayList({ date, ...(key ? { drug_status_list: key.split(',') as DrugStatus[] } : {}), page: p, page_size: PAGE_SIZE });
        return { rows: a.drug_day_list, total: a.total };
      },
      [date, key],
    ),
  );
  const columns: TableColumn<Row>[] = [
    { header: t('treatment.patient'), cell: (r) => r.patient_name },
    {
      header: t('treatment.dayList.drug'),
      cell: (r) => (treatmentPath ? <Link to={treatmentPath({ treatment: r.treatment_id })}>{r.drug_name}</Link> : r.drug_name),
    },
    { header: t('treatment.dose'), cell: (r) => (r.calculated_dose === undefined ? '' : `${formatNumber(r.calculated_dose, lang)} ${r.unit === 'ml' ? 'mL' : r.unit?.startsWith('iu') ? 'IU' : 'mg'}`) },
    { header: t('treatment.status'), cell: (r) => drugStatusLabel(r.drug_status, lang) },
    { header: t('treatment.protocol'), cell: (r) => r.protocol_name ?? '', priority: 3 },
    { header: t('treatment.dayList.cycle'), cell: (r) => `${r.cycle_number} / ${t('treatment.day', { day: r.day })}`, priority: 3 },
  ];
  return (
    <article className="page treatment-page" aria-labelledby="page-title">
      <h1 id="page-title">{page.caption[lang]}</h1>
      <PagedTable
        id="drug-days-title"
        title={t('treatment.dayList.table')}
        list={list}
        columns={columns}
        rowKey={(r) => `${r.treatment_id}-${r.cycle_number}-${r.item_id}-${r.day}`}
        pageSize={PAGE_SIZE}
        pagesLabel={t('treatment.dayList.pages')}
        empty={t('treatment.dayList.none')}
      >
        <div className="treatment-form__grid">
          <TextField label={t('treatment.dayList.date')} name="date" type="date" value={date} onValue={setDate} />
          <SelectField
            label={t('treatment.status')}
            name="drug_status"
            value={status}
            disabled={pharmacy}
            onValue={(v) => setStatus(v as DrugStatus | '')}
            options={[{ value: '', label: t('treatment.allStatuses') }, ...drugStatus.values.map((s) => ({ value: s, label: drugStatusLabel(s, lang) }))]}
          />
        </div>
        <CheckboxField label={t('treatment.dayList.pharmacy')} name="pharmacy" checked={pharmacy} onChecked={setPharmacy} />
      </PagedTable>
    </article>
  );
}

// Treatments paged on the server (/v1/treatment/list): a patient's on the follow-up page, or the site's with a
// status filter on the treatment list. Each links to its treatment page; ids are never shown.
import { useCallback } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useActiveLabel } from '../../app/router/hooks';
import { formatDate } from '../../app/ui';
import { treatmentList } from '../../generated/client';
import type { TreatmentStatus } from '../../generated/types/entities';
import type { TreatmentListResponse } from '../../generated/types/routes';
import { PagedTable, type TableColumn } from '../shared/PagedTable';
import { PAGE_SIZE, usePagedList } from '../shared/paged';
import { treatmentStatusLabel, useTreatmentPagePath } from './shared';

type Row = TreatmentListResponse['treatment_list'][number];

export function TreatmentTable({ patientId, status, children }: { patientId?: string; status?: TreatmentStatus; children?: React.ReactNode }) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const treatmentPath = useTreatmentPagePath('treatment');
  const list = usePagedList(
    useCallback(
      async (page: number) => {
        const a = await treatmentList({ ...(patientId ? { patient_id: patientId } : {}), ...(status ? { treatment_status: status } : {}), page, page_size: PAGE_SIZE });
        return { rows: a.treatment_list, total: a.total };
      },
      [patientId, status],
    ),
  );
  const protocol = (r: Row) => t('treatment.protocolVersion', { name: r.protocol_name ?? '', version: r.protocol_version });
  const columns: TableColumn<Row>[] = [
    { header: t('treatment.protocol'), cell: (r) => (treatmentPath ? <Link to={treatmentPath({ treatment: r.treatment_id })}>{protocol(r)}</Link> : protocol(r)) },
    ...(patientId ? [] : [{ header: t('treatment.patient'), cell: (r: Row) => r.patient_name ?? '' }]),
    { header: t('treatment.startDate'), cell: (r) => formatDate(r.start_date, lang) },
    { header: t('treatment.status'), cell: (r) => treatmentStatusLabel(r.treatment_status, lang) },
    { header: t('treatment.cycles'), cell: (r) => String(r.cycle_count ?? ''), priority: 3 },
    { header: t('treatment.doctor'), cell: (r) => r.doctor_username ?? '', priority: 3 },
  ];
  return (
    <PagedTable
      id="treatments-title"
      title={t('treatment.listTitle')}
      list={list}
      columns={columns}
      rowKey={(r) => r.treatment_id}
      pageSize={PAGE_SIZE}
      pagesLabel={t('treatment.pages')}
      empty={t('treatment.none')}
    >
      {children}
    </PagedTable>
  );
}

// treatment_list: the site's treatments, newest start first, filtered by status and paged on the server.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useActiveLabel } from '../../app/router/hooks';
import type { PageProps } from '../../app/router/registry';
import { SelectField } from '../../app/ui';
import { treatmentStatus } from '../../generated/enums/treatmentStatus';
import type { TreatmentStatus } from '../../generated/types/entities';
import { treatmentStatusLabel } from './shared';
import { TreatmentTable } from './TreatmentTable';

export default function TreatmentList({ page }: PageProps) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const [status, setStatus] = useState<TreatmentStatus | ''>('');
  return (
    <article className="page treatment-page" aria-labelledby="page-title">
      <h1 id="page-title">{page.caption[lang]}</h1>
      <TreatmentTable status={status || undefined}>
        <SelectField
          label={t('treatment.status')}
          name="treatment_status"
          value={status}
          onValue={(v) => setStatus(v as TreatmentStatus | '')}
          options={[{ value: '', label: t('treatment.allStatuses') }, ...treatmentStatus.values.map((s) => ({ value: s, label: treatmentStatusLabel(s, lang) }))]}
        />
      </TreatmentTable>
    </article>
  );
}

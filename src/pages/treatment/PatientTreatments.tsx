// The follow-up page's treatment section: the patient's treatments and "New treatment" for those who prescribe.
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAllowedPagePath } from '../shared/hooks';
import { TreatmentTable } from './TreatmentTable';
import './strings';

export function PatientTreatments({ patientId }: { patientId: string }) {
  const { t } = useTranslation();
  const newPath = useAllowedPagePath('new_treatment');
  return (
    <TreatmentTable patientId={patientId}>
      {newPath && (
        <p>
          <Link className="button" to={`${newPath}?${new URLSearchParams({ patient: patientId })}`}>
            {t('treatment.newTreatment')}
          </Link>
        </p>
      )}
    </TreatmentTable>
  );
}

// The follow-up page's treatment section: the patient's treatments, "New treatment" for those who prescribe, and
// the way to the patient's medication record.
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAllowedPagePath } from '../shared/hooks';
import { usePatientPagePath } from '../patient/shared';
import { TreatmentTable } from './TreatmentTable';
import './strings';

export function PatientTreatments({ patientId }: { patientId: string }) {
  const { t } = useTranslation();
  const newPath = useAllowedPagePath('new_treatment');
  const medications = usePatientPagePath('patient_medications');
  return (
    <TreatmentTable patientId={patientId}>
      {(newPath || medications) && (
        <p className="treatment-links">
          {newPath && (
            <Link className="button" to={`${newPath}?${new URLSearchParams({ patient: patientId })}`}>
              {t('treatment.newTreatment')}
            </Link>
          )}
          {medications && <Link to={medications(patientId)}>{t('patient.medications.link')}</Link>}
        </p>
      )}
    </TreatmentTable>
  );
}

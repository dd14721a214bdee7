// patient_new: registering a patient (patient/new) by doctors and nurses with the patient form; a registered
// patient opens in the follow-up.
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useActiveLabel } from '../../app/router/hooks';
import type { PageProps } from '../../app/router/registry';
import { patientNew } from '../../generated/client';
import { PatientForm } from './PatientForm';
import { usePatientPagePath } from './shared';

export default function PatientNew({ page }: PageProps) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const navigate = useNavigate();
  const followup = usePatientPagePath('patient_followup');
  return (
    <article className="page" aria-labelledby="page-title">
      <h1 id="page-title">{page.caption[lang]}</h1>
      <PatientForm
        labelledBy="page-title"
        submitLabel={t('patient.register')}
        onSave={async (fields) => {
          const { patient } = await patientNew({ patient: fields });
          if (followup) navigate(followup(patient.patient_id));
        }}
      />
    </article>
  );
}

// The user fields of registration, shared by /register and registration by an authorized person: values,
// the client-side checks of spec section 5, and the server's eligibility answer as field messages.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Gender } from '../../generated/types/entities';
import { SelectField, TextField } from '../../app/ui';
import { checkFirstname, checkGender, checkLastname, checkMail, checkPassword, checkUsername, failed, type Check } from './validation';

export const GENDERS: Gender[] = ['female', 'male', 'other', 'not_stated'];

export interface RegistrationValues {
  username: string;
  mail: string;
  firstname: string;
  lastname: string;
  gender: '' | Gender;
  date_of_birth: string;
  password: string;
}

export type RegistrationErrors = Partial<Record<keyof RegistrationValues | 'agreements', string>>;

const EMPTY: RegistrationValues = { username: '', mail: '', firstname: '', lastname: '', gender: '', date_of_birth: '', password: '' };

export function useRegistration() {
  const [values, setValues] = useState<RegistrationValues>(EMPTY);
  const [errors, setErrors] = useState<RegistrationErrors>({});
  const set = <K extends keyof RegistrationValues>(key: K) => (value: RegistrationValues[K]) => setValues((v) => ({ ...v, [key]: value }));
  return { values, setValues, errors, setErrors, set, reset: () => setValues(EMPTY) };
}

/** The i18n keys of the failed checks (password optional when passwordRequired is false). */
export function checkRegistration(v: RegistrationValues, passwordRequired: boolean): Partial<Record<keyof RegistrationValues, string>> {
  const password: Check = !passwordRequired && !v.password ? null : checkPassword(v.password);
  return failed({
    username: checkUsername(v.username),
    mail: checkMail(v.mail),
    firstname: checkFirstname(v.firstname),
    lastname: checkLastname(v.lastname),
    gender: checkGender(v.gender),
    date_of_birth: null,
    password,
  });
}

/** The request fields (trimmed; absent optional ones left out). */
export function registrationInput(v: RegistrationValues) {
  return {
    username: v.username.trim(),
    mail: v.mail.trim(),
    firstname: v.firstname.trim(),
    lastname: v.lastname.trim(),
    gender: v.gender as Gender,
    ...(v.date_of_birth ? { date_of_birth: v.date_of_birth } : {}),
  };
}

export function RegistrationFields({
  values,
  errors,
  set,
  passwordRequired,
  passwordHint,
}: {
  values: RegistrationValues;
  errors: RegistrationErrors;
  set: ReturnType<typeof useRegistration>['set'];
  passwordRequired: boolean;
  passwordHint: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        label={t('account.username')}
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={50}
        required
        value={values.username}
        onValue={set('username')}
        error={errors.username}
        hint={t('account.usernameHint')}
      />
      <TextField
        label={t('account.mail')}
        name="mail"
        type="email"
        autoComplete="email"
        maxLength={254}
        required
        value={values.mail}
        onValue={set('mail')}
        error={errors.mail}
      />
      <div className="form__row">
        <TextField
          label={t('account.firstname')}
          name="firstname"
          autoComplete="given-name"
          maxLength={100}
          required
          value={values.firstname}
          onValue={set('firstname')}
          error={errors.firstname}
        />
        <TextField
          label={t('account.lastname')}
          name="lastname"
          autoComplete="family-name"
          maxLength={100}
          required
          value={values.lastname}
          onValue={set('lastname')}
          error={errors.lastname}
        />
      </div>
      <div className="form__row">
        <SelectField
          label={t('account.gender')}
          name="gender"
          required
          value={values.gender}
          onValue={(v) => set('gender')(v as Gender | '')}
          placeholder={t('common.choose')}
          options={GENDERS.map((g) => ({ value: g, label: t(`gender.${g}`) }))}
          error={errors.gender}
        />
        <TextField
          label={t('account.dateOfBirth')}
          name="date_of_birth"
          type="date"
          autoComplete="bday"
          value={values.date_of_birth}
          onValue={set('date_of_birth')}
          error={errors.date_of_birth}
        />
      </div>
      <TextField
        label={t('account.password')}
        name="password"
        type="password"
        autoComplete="new-password"
        maxLength={128}
        required={passwordRequired}
        value={values.password}
        onValue={set('password')}
        error={errors.password}
        hint={passwordHint}
      />
    </>
  );
}

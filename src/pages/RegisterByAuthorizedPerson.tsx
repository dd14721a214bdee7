// register_by_authorized_person (admin, register): registers a user on their behalf. The account is
// completed at once; without a password the server mails the person a link to set one.
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../app/store';
import { useActiveLabel } from '../app/router/hooks';
import type { PageProps } from '../app/router/registry';
import { registerByAuthorizedPerson } from '../generated/client';
import type { LanguageLabel } from '../generated/types/entities';
import { checkRegistration, RegistrationFields, registrationInput, useRegistration } from './shared/registration';
import { focusFirstInvalid, Notice, SelectField, serverFieldErrors, useErrorText } from '../app/ui';
import './account-strings';

export default function RegisterByAuthorizedPerson({ page }: PageProps) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const languages = useAppStore((s) => s.language.list);
  const errorText = useErrorText();
  const formRef = useRef<HTMLFormElement>(null);
  const { values, errors, setErrors, set, reset } = useRegistration();
  const [userLang, setUserLang] = useState<LanguageLabel>(lang);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setResult(null);
    const found = checkRegistration(values, false);
    setErrors(Object.fromEntries(Object.entries(found).map(([k, v]) => [k, t(v!)])));
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(formRef.current);
      return;
    }
    setBusy(true);
    try {
      const active_lang = languages.find((l) => l.label === userLang);
      const answer = await registerByAuthorizedPerson({
        ...registrationInput(values),
        ...(values.password ? { password: values.password } : {}),
        ...(active_lang ? { active_lang } : {}),
      });
      if (!answer.is_email_eligible || !answer.is_username_eligible) {
        setErrors({
          ...(answer.is_username_eligible ? {} : { username: t('validation.usernameNotEligible') }),
          ...(answer.is_email_eligible ? {} : { mail: t('validation.mailNotEligible') }),
        });
        focusFirstInvalid(formRef.current);
        return;
      }
      const text = values.password ? t('registerByPerson.doneWithPassword', { username: values.username.trim() }) : t('registerByPerson.doneMail', { username: values.username.trim(), mail: values.mail.trim() });
      setResult({ kind: 'success', text });
      reset();
    } catch (err) {
      setResult({ kind: 'error', text: errorText(err) });
      setErrors(serverFieldErrors(err, lang));
      focusFirstInvalid(formRef.current);
    } finally {
      setBusy(false);
    }
  };

  return (
    <article className="page" aria-labelledby="page-title">
      <h1 id="page-title">{page.caption[lang]}</h1>
      <p>{t('registerByPerson.intro')}</p>
      {result && <Notice kind={result.kind}>{result.text}</Notice>}
      <form ref={formRef} className="form" noValidate onSubmit={onSubmit} aria-labelledby="page-title">
        <RegistrationFields values={values} errors={errors} set={set} passwordRequired={false} passwordHint={t('registerByPerson.passwordHint')} />
        {languages.length > 1 && (
          <SelectField
            label={t('registerByPerson.language')}
            name="active_lang"
            value={userLang}
            onValue={(v) => setUserLang(v as LanguageLabel)}
            options={languages.map((l) => ({ value: l.label, label: t(`language.${l.label}`) }))}
          />
        )}
        <div className="form__actions">
          <button type="submit" className="button" disabled={busy}>
            {busy ? t('common.saving') : t('registerByPerson.submit')}
          </button>
        </div>
      </form>
    </article>
  );
}

// /register (/kayit): every field of the register call, checked here with the messages of spec section 5,
// the agreements checkbox, then the server's eligibility answer; on success a "check your mail" state that
// leads to the approval page with the new user's id. An external application that sends its users here
// names itself with ?externalapplication_key= (passed on with the registration).
import { useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../app/store';
import { useActiveLabel } from '../app/router/hooks';
import type { PageProps } from '../app/router/registry';
import { register } from '../generated/client';
import { usePagePath } from './shared/hooks';
import { checkRegistration, RegistrationFields, registrationInput, useRegistration, type RegistrationErrors } from './shared/registration';
import { CheckboxField, focusFirstInvalid, Notice, serverFieldErrors, useErrorText, useFocusOnMount, SubmitButton } from '../app/ui';
import { checkKey } from './shared/validation';
import './account-strings';

export default function Register({ page }: PageProps) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const activeLang = useAppStore((s) => s.language.active);
  const approvePath = usePagePath('register_approve');
  const loginPath = usePagePath('login');
  // The site's membership agreement (a website unit the site's editors keep): the check box links to what it approves.
  const agreementPath = usePagePath('membership_agreement');
  const errorText = useErrorText();
  const formRef = useRef<HTMLFormElement>(null);
  const [params] = useSearchParams();
  const appKey = params.get('externalapplication_key') ?? '';
  const throughApp = appKey && checkKey(appKey) === null ? appKey : null;
  const { values, errors, setErrors, set } = useRegistration();
  const [agreed, setAgreed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [done, setDone] = useState<{ userId?: string; mail: string } | null>(null);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const found: RegistrationErrors = { ...checkRegistration(values, true) };
    if (!agreed) found.agreements = 'validation.agreementsRequired';
    setErrors(Object.fromEntries(Object.entries(found).map(([k, v]) => [k, t(v!)])));
    setServerError(null);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(formRef.current);
      return;
    }
    setBusy(true);
    try {
      const answer = await register({
        ...registrationInput(values),
        password: values.password,
        active_lang: activeLang,
        agreements_approved: true,
        ...(throughApp ? { externalapplication_key: throughApp } : {}),
      });
      if (!answer.is_email_eligible || !answer.is_username_eligible) {
        setErrors({
          ...(answer.is_username_eligible ? {} : { username: t('validation.usernameNotEligible') }),
          ...(answer.is_email_eligible ? {} : { mail: t('validation.mailNotEligible') }),
        });
        focusFirstInvalid(formRef.current);
      } else {
        setDone({ userId: answer.new_user_id, mail: values.mail.trim() });
      }
    } catch (err) {
      setServerError(errorText(err));
      setErrors(serverFieldErrors(err, lang));
      focusFirstInvalid(formRef.current);
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    const approveLink = approvePath && `${approvePath}${done.userId ? `?${new URLSearchParams({ user_id: done.userId })}` : ''}`;
    return <Registered mail={done.mail} approveLink={approveLink} loginPath={loginPath} />;
  }

  return (
    <article className="page" aria-labelledby="page-title">
      <h1 id="page-title">{page.caption[lang]}</h1>
      <p>{t('register.intro')}</p>
      {throughApp && <Notice kind="info">{t('register.throughApp')}</Notice>}
      <Notice>{serverError}</Notice>
      <form ref={formRef} className="form" noValidate onSubmit={onSubmit} aria-labelledby="page-title">
        <RegistrationFields values={values} errors={errors} set={set} passwordRequired passwordHint={t('account.passwordHint')} />
        <CheckboxField
          label={t('register.agreements')}
          name="agreements_approved"
          required
          checked={agreed}
          onChecked={setAgreed}
          error={errors.agreements}
          hint={
            agreementPath && (
              <a href={agreementPath} target="_blank" rel="noopener">
                {t('register.readAgreement')}
              </a>
            )
          }
        />
        <SubmitButton busy={busy}>{t('register.submit')}</SubmitButton>
      </form>
      {loginPath && (
        <p className="page__links">
          <Link to={loginPath}>{t('register.haveAccount')}</Link>
        </p>
      )}
    </article>
  );
}

function Registered({ mail, approveLink, loginPath }: { mail: string; approveLink: string | null; loginPath: string | null }) {
  const { t } = useTranslation();
  const heading = useFocusOnMount<HTMLHeadingElement>();
  return (
    <article className="page" aria-labelledby="page-title">
      <h1 id="page-title" ref={heading} tabIndex={-1}>
        {t('register.doneTitle')}
      </h1>
      <Notice kind="success">{t('register.doneText', { mail })}</Notice>
      <p className="page__links">
        {approveLink && <Link to={approveLink}>{t('register.toApprove')}</Link>}
        {loginPath && <Link to={loginPath}>{t('register.toLogin')}</Link>}
      </p>
    </article>
  );
}

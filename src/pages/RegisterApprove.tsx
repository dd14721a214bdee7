// /register/approve (/kayit/onay): approves a registration with the code from the approval mail. With the
// mail link's user_id (and code) in the query string it uses /register/mail/approve (sent at once when both
// are there); without it the person types their e-mail address and the code (/mail/verify).
import { useEffect, useEffectEvent, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useActiveLabel } from '../app/router/hooks';
import type { PageProps } from '../app/router/registry';
import { mailVerify, registerMailApprove } from '../generated/client';
import type { RegistrationStatus } from '../generated/types/entities';
import { usePagePath } from './shared/hooks';
import { focusFirstInvalid, Notice, serverFieldErrors, TextField, useErrorText, useFocusOnMount, SubmitButton } from '../app/ui';
import { checkMail, checkMailCode, failed } from './shared/validation';
import './account-strings';

export default function RegisterApprove({ page }: PageProps) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const [params] = useSearchParams();
  const userId = params.get('user_id') ?? '';
  const loginPath = usePagePath('login');
  const errorText = useErrorText();
  const formRef = useRef<HTMLFormElement>(null);
  const [mail, setMail] = useState('');
  const [code, setCode] = useState(params.get('code') ?? '');
  const [errors, setErrors] = useState<{ mail?: string; code?: string }>({});
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [status, setStatus] = useState<RegistrationStatus | null>(null);

  const approve = async (typedCode: string) => {
    setBusy(true);
    setServerError(null);
    try {
      const answer = userId
        ? await registerMailApprove({ user_id: userId, mail_approve_token: typedCode.trim() })
        : await mailVerify({ mail: mail.trim(), mail_approve_token: typedCode.trim() });
      setStatus(answer.registration_status);
    } catch (err) {
      setServerError(errorText(err));
      const fields = serverFieldErrors(err, lang);
      setErrors({ mail: fields.mail, code: fields.mail_approve_token });
    } finally {
      setBusy(false);
    }
  };

  // The mail link carries both: approve without asking, once per visit.
  const linkCode = params.get('code');
  const auto = useRef(false);
  const approveLink = useEffectEvent((typedCode: string) => void approve(typedCode));
  useEffect(() => {
    if (auto.current || !userId || !linkCode) return;
    auto.current = true;
    approveLink(linkCode);
  }, [userId, linkCode]);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const found = failed({ mail: userId ? null : checkMail(mail), code: checkMailCode(code) });
    setErrors(Object.fromEntries(Object.entries(found).map(([k, v]) => [k, t(v!)])));
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(formRef.current);
      return;
    }
    void approve(code);
  };

  if (status === 'completed') return <Approved caption={page.caption[lang]} loginPath={loginPath} />;

  return (
    <article className="page" aria-labelledby="page-title">
      <h1 id="page-title">{page.caption[lang]}</h1>
      <p>{userId ? t('registerApprove.introCode') : t('registerApprove.introMail')}</p>
      <Notice>{serverError}</Notice>
      {status && <Notice kind="info">{t(`registerApprove.status.${status}`)}</Notice>}
      <form ref={formRef} className="form" noValidate onSubmit={onSubmit} aria-labelledby="page-title">
        {!userId && (
          <TextField label={t('account.mail')} name="mail" type="email" autoComplete="email" required value={mail} onValue={setMail} error={errors.mail} />
        )}
        <TextField
          label={t('registerApprove.code')}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={64}
          required
          value={code}
          onValue={setCode}
          error={errors.code}
        />
        <SubmitButton busy={busy}>{t('registerApprove.submit')}</SubmitButton>
      </form>
    </article>
  );
}

function Approved({ caption, loginPath }: { caption: string; loginPath: string | null }) {
  const { t } = useTranslation();
  const heading = useFocusOnMount<HTMLHeadingElement>();
  return (
    <article className="page" aria-labelledby="page-title">
      <h1 id="page-title" ref={heading} tabIndex={-1}>
        {caption}
      </h1>
      <Notice kind="success">{t('registerApprove.completed')}</Notice>
      {loginPath && (
        <p className="page__links">
          <Link to={loginPath}>{t('registerApprove.toLogin')}</Link>
        </p>
      )}
    </article>
  );
}

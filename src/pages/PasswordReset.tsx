// /login/password-reset (/giris/sifre-sifirlama): first the e-mail address (the server mails a link with the
// user's id and a code, and answers alike whether or not the address has an account); the mail's link opens
// this page with user_id and code, where a new password is set. The approval answers tokens: the person is
// then logged in.
import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { startSession } from '../app/session';
import { useActiveLabel } from '../app/router/hooks';
import type { PageProps } from '../app/router/registry';
import { passwordResetByMail, passwordResetByMailApprove } from '../generated/client';
import { ApiError } from '../api/errors';
import { usePagePath } from './shared/hooks';
import { focusFirstInvalid, Notice, serverFieldErrors, TextField, useErrorText, useFocusOnMount, SubmitButton } from '../app/ui';
import { checkMail, checkMailCode, checkPassword, failed } from './shared/validation';
import './account-strings';

/** The server's answers about the new password (its length, too easy to guess): they belong to the password field. */
const PASSWORD_CODES = new Set(['11011', '11012', '11043']);

export default function PasswordReset({ page }: PageProps) {
  const [params] = useSearchParams();
  const userId = params.get('user_id') ?? '';
  // The mail link's user_id opens the second step (a fresh form for each link).
  return userId ? <SetPassword key={userId} page={page} userId={userId} linkCode={params.get('code') ?? ''} /> : <RequestMail page={page} />;
}

function RequestMail({ page }: PageProps) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const loginPath = usePagePath('login');
  const errorText = useErrorText();
  const formRef = useRef<HTMLFormElement>(null);
  const [mail, setMail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const onRequest = async (e: FormEvent) => {
    e.preventDefault();
    const problem = checkMail(mail);
    setError(problem ? t(problem) : undefined);
    if (problem) {
      focusFirstInvalid(formRef.current);
      return;
    }
    setBusy(true);
    setServerError(null);
    try {
      await passwordResetByMail({ mail: mail.trim() });
      setSentTo(mail.trim());
    } catch (err) {
      setServerError(errorText(err));
      setError(serverFieldErrors(err, lang).mail);
    } finally {
      setBusy(false);
    }
  };

  return (
    <article className="page" aria-labelledby="page-title">
      <h1 id="page-title">{page.caption[lang]}</h1>
      {sentTo ? (
        <Sent mail={sentTo} />
      ) : (
        <>
          <p>{t('passwordReset.introRequest')}</p>
          <Notice>{serverError}</Notice>
          <form ref={formRef} className="form" noValidate onSubmit={onRequest} aria-labelledby="page-title">
            <TextField label={t('account.mail')} name="mail" type="email" autoComplete="email" required value={mail} onValue={setMail} error={error} />
            <SubmitButton busy={busy}>{t('passwordReset.submitRequest')}</SubmitButton>
          </form>
        </>
      )}
      {loginPath && (
        <p className="page__links">
          <Link to={loginPath}>{t('passwordReset.toLogin')}</Link>
        </p>
      )}
    </article>
  );
}

function SetPassword({ page, userId, linkCode }: PageProps & { userId: string; linkCode: string }) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const formRef = useRef<HTMLFormElement>(null);
  const [code, setCode] = useState(linkCode);
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<{ code?: string; password?: string; repeat?: string }>({});
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  const onSet = async (e: FormEvent) => {
    e.preventDefault();
    const found = failed({
      code: checkMailCode(code),
      password: checkPassword(password),
      repeat: password && repeat !== password ? 'passwordReset.mismatch' : null,
    });
    setErrors(Object.fromEntries(Object.entries(found).map(([k, v]) => [k, t(v!)])));
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(formRef.current);
      return;
    }
    setBusy(true);
    setServerError(null);
    try {
      const answer = await passwordResetByMailApprove({ user_id: userId, mail_password_reset_token: code.trim(), password });
      await startSession(answer);
      navigate('/', { replace: true });
    } catch (err) {
      const message = errorText(err);
      setServerError(message);
      const fields = serverFieldErrors(err, lang);
      const onPassword = err instanceof ApiError && PASSWORD_CODES.has(err.status_code);
      setErrors({ code: fields.mail_password_reset_token, password: onPassword ? message : fields.password });
      setBusy(false);
    }
  };

  return (
    <article className="page" aria-labelledby="page-title">
      <h1 id="page-title">{page.caption[lang]}</h1>
      <p>{t('passwordReset.introSet')}</p>
      <Notice>{serverError}</Notice>
      <form ref={formRef} className="form" noValidate onSubmit={onSet} aria-labelledby="page-title">
        <TextField
          label={t('passwordReset.code')}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={64}
          required
          value={code}
          onValue={setCode}
          error={errors.code}
        />
        <TextField
          label={t('passwordReset.newPassword')}
          name="password"
          type="password"
          autoComplete="new-password"
          maxLength={128}
          required
          value={password}
          onValue={setPassword}
          error={errors.password}
          hint={t('account.passwordHint')}
        />
        <TextField
          label={t('passwordReset.repeat')}
          name="password_repeat"
          type="password"
          autoComplete="new-password"
          maxLength={128}
          required
          value={repeat}
          onValue={setRepeat}
          error={errors.repeat}
        />
        <SubmitButton busy={busy}>{t('passwordReset.submitSet')}</SubmitButton>
      </form>
    </article>
  );
}

function Sent({ mail }: { mail: string }) {
  const { t } = useTranslation();
  const ref = useFocusOnMount<HTMLParagraphElement>();
  return (
    <p ref={ref} tabIndex={-1} className="notice notice--success" role="status">
      {t('passwordReset.sent', { mail })}
    </p>
  );
}

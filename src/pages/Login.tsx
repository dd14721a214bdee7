// /login: username, password and the server's own captcha (hidden when the server says it is not required).
// The password grant of /v1/oauth/token, then the login check (/v1/login); on success the page named by
// new_url (a same-site path), else /. A failure shows the server's message in an alert (spec section 8) and
// asks for a new captcha: each challenge admits one attempt.
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/errors';
import { startSession } from '../app/session';
import { isLoggedIn, useAppStore } from '../app/store';
import { useActiveLabel } from '../app/router/hooks';
import type { PageProps } from '../app/router/registry';
import { captchaNew, oauthToken } from '../generated/client';
import type { CaptchaNewResponse } from '../generated/types/routes';
import { usePagePath } from './shared/hooks';
import { focusFirstInvalid, Notice, TextField, useErrorText } from '../app/ui';
import { failed, safeReturnPath } from './shared/validation';
import './account-strings';

const CAPTCHA_INCORRECT = '11001';

type Captcha = { state: 'loading' } | { state: 'ready'; challenge: CaptchaNewResponse } | { state: 'failed' };

export default function Login({ page }: PageProps) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const target = safeReturnPath(params.get('new_url')) ?? '/';
  // Signed in once the login check has named the user: a session resumed from the refresh token (clinical
  // site, spec section 8) returns to new_url only then, with its auth codes known to the page's guards.
  const loggedIn = useAppStore((s) => isLoggedIn(s.session) && s.session.user !== null);
  const registerPath = usePagePath('register');
  const resetPath = usePagePath('password_reset');
  const errorText = useErrorText();
  const formRef = useRef<HTMLFormElement>(null);

  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [captcha, setCaptcha] = useState<Captcha>({ state: 'loading' });
  const [errors, setErrors] = useState<{ username?: string; password?: string; captcha?: string }>({});
  // A refusal is kept as the error and worded when shown: a change of language rewords it.
  const [serverError, setServerError] = useState<{ error: unknown; code: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const newCaptcha = useCallback(async () => {
    setCaptcha({ state: 'loading' });
    setCode('');
    try {
      const challenge = await captchaNew({});
      setCaptcha({ state: 'ready', challenge });
    } catch (e) {
      setCaptcha({ state: 'failed' });
      setServerError({ error: e, code: e instanceof ApiError ? e.status_code : '' });
    }
  }, []);

  useEffect(() => {
    void newCaptcha();
  }, [newCaptcha]);

  if (loggedIn && !busy) return <Navigate replace to={target} />;

  const captchaRequired = captcha.state !== 'ready' || captcha.challenge.required;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const found = failed({
      username: username.trim() ? null : 'validation.usernameEmpty',
      password: password ? null : 'validation.passwordRequired',
      captcha: captchaRequired && !code.trim() ? 'validation.captchaRequired' : null,
    });
    setErrors(Object.fromEntries(Object.entries(found).map(([k, v]) => [k, t(v!)])));
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(formRef.current);
      return;
    }
    setBusy(true);
    setServerError(null);
    try {
      const challenge = captcha.state === 'ready' && captcha.challenge.required ? captcha.challenge : null;
      const answer = await oauthToken({
        grant_type: 'password',
        username: username.trim(),
        password,
        ...(challenge ? { captcha_id: challenge.captcha_id, captcha_code: code.trim() } : {}),
      });
      await startSession(answer);
      navigate(target, { replace: true });
    } catch (err) {
      const status = err instanceof ApiError ? err.status_code : '';
      setServerError({ error: err, code: status });
      setErrors(status === CAPTCHA_INCORRECT ? { captcha: '' } : {});
      setBusy(false);
      void newCaptcha(); // one attempt per challenge
    }
  };

  const captchaInvalid = errors.captcha !== undefined;

  return (
    <article className="page" aria-labelledby="page-title">
      <h1 id="page-title">{page.caption[lang]}</h1>
      <Notice id="login-error">{serverError ? errorText(serverError.error) : null}</Notice>
      <form ref={formRef} className="form" noValidate onSubmit={onSubmit} aria-labelledby="page-title">
        <TextField
          label={t('login.username')}
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          value={username}
          onValue={setUsername}
          error={errors.username}
        />
        <TextField
          label={t('login.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onValue={setPassword}
          error={errors.password}
        />
        {captchaRequired && (
          <fieldset className="form fieldset">
            <legend className="field__label">{t('login.captchaLegend')}</legend>
            <div className="captcha">
              {captcha.state === 'ready' ? (
                <img className="captcha__image" src={captcha.challenge.image} alt={t('login.captchaImage')} />
              ) : (
                <p role="status">{captcha.state === 'loading' ? t('login.captchaLoading') : t('login.captchaFailed')}</p>
              )}
              <button type="button" className="button button--secondary" onClick={() => void newCaptcha()} disabled={captcha.state === 'loading'}>
                {t('login.captchaNew')}
              </button>
            </div>
            <TextField
              label={t('login.captchaCode')}
              name="captcha_code"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              required
              value={code}
              onValue={setCode}
              error={errors.captcha || null}
              aria-invalid={captchaInvalid || undefined}
              describedBy={captchaInvalid && serverError ? 'login-error' : undefined}
              hint={t('login.captchaHint')}
            />
          </fieldset>
        )}
        <div className="form__actions">
          <button type="submit" className="button" disabled={busy}>
            {busy ? t('login.submitting') : t('login.submit')}
          </button>
        </div>
      </form>
      <p className="page__links">
        {resetPath && <Link to={resetPath}>{t('login.forgotPassword')}</Link>}
        {registerPath && <Link to={registerPath}>{t('login.register')}</Link>}
      </p>
    </article>
  );
}

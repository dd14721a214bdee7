// The warning a minute before the idle sign-out (src/app/idle.ts): a countdown, "Stay signed in" (a call, which
// is activity for the server) and "Sign out". When the time runs out the page goes to the logout page, as the
// server has ended the login. Loaded only when the warning is due.
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { checkSession } from '../session';
import { LOGOUT_PATH } from '../router/catalogue';
import { useModalFocus } from '../ui';

export default function IdleWarning({ endsAt }: { endsAt: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [now, setNow] = useState(Date.now());
  const [busy, setBusy] = useState(false);
  const signOut = () => navigate(LOGOUT_PATH);
  const { dialogRef, firstRef, onKeyDown } = useModalFocus<HTMLButtonElement>(() => undefined);
  useEffect(() => {
    const tick = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(tick);
  }, []);
  const seconds = Math.max(0, Math.ceil((endsAt - now) / 1000));
  const stay = async () => {
    setBusy(true);
    try {
      await checkSession();
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="dialog-backdrop">
      <div ref={dialogRef} className="dialog" role="alertdialog" aria-modal="true" aria-labelledby="idle-title" aria-describedby="idle-text" onKeyDown={onKeyDown}>
        <h2 id="idle-title">{t('idle.title')}</h2>
        <p id="idle-text" aria-live="polite">
          {t('idle.text', { count: seconds })}
        </p>
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={signOut}>
            {t('idle.signOut')}
          </button>
          <button ref={firstRef} type="button" className="button" onClick={stay} disabled={busy}>
            {t('idle.stay')}
          </button>
        </div>
      </div>
    </div>
  );
}

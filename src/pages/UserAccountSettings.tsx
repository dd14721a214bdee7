// user_account_settings (admin): the site's idle-session time (/tenant/session/settings/get|save): a login
// without activity for this long ends, on the server, for every user of the site.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useActiveLabel } from '../app/router/hooks';
import type { PageProps } from '../app/router/registry';
import { tenantSessionSettingsGet, tenantSessionSettingsSave } from '../generated/client';
import { focusFirstInvalid, Notice, serverFieldErrors, TextField, useErrorText } from '../app/ui';
import './account-strings';

const IDLE_MIN = 5;
const IDLE_MAX = 1440;

export default function UserAccountSettings({ page }: PageProps) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const errorText = useErrorText();
  const formRef = useRef<HTMLFormElement>(null);
  const [minutes, setMinutes] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  // Kept as the error and worded when shown: a change of language rewords it.
  const [loadError, setLoadError] = useState<unknown>(null);
  const shown = result ?? (loadError ? { kind: 'error' as const, text: errorText(loadError) } : null);

  useEffect(() => {
    let live = true;
    tenantSessionSettingsGet({}).then(
      (a) => live && setMinutes(String(a.session_settings.idle_session_minutes)),
      (e: unknown) => live && setLoadError(e),
    );
    return () => {
      live = false;
    };
  }, []); // once per visit

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setResult(null);
    const value = Number(minutes);
    if (!minutes || !Number.isInteger(value) || value < IDLE_MIN || value > IDLE_MAX) {
      setError(t('accountSettings.idleRange', { min: IDLE_MIN, max: IDLE_MAX }));
      focusFirstInvalid(formRef.current);
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      const a = await tenantSessionSettingsSave({ session_settings: { idle_session_minutes: value } });
      setMinutes(String(a.session_settings.idle_session_minutes));
      setResult({ kind: 'success', text: t('accountSettings.saved') });
    } catch (err) {
      setResult({ kind: 'error', text: errorText(err) });
      setError(serverFieldErrors(err, lang).idle_session_minutes);
    } finally {
      setBusy(false);
    }
  };

  return (
    <article className="page" aria-labelledby="page-title">
      <h1 id="page-title">{page.caption[lang]}</h1>
      {shown && <Notice kind={shown.kind}>{shown.text}</Notice>}
      {minutes === null ? (
        !shown && <p role="status">{t('app.loading')}</p>
      ) : (
        <form ref={formRef} className="form" noValidate onSubmit={onSubmit} aria-labelledby="page-title">
          <TextField
            label={t('accountSettings.idleMinutes')}
            name="idle_session_minutes"
            type="number"
            inputMode="numeric"
            min={IDLE_MIN}
            max={IDLE_MAX}
            required
            value={minutes}
            onValue={setMinutes}
            error={error}
            hint={t('accountSettings.idleHint', { min: IDLE_MIN, max: IDLE_MAX })}
          />
          <div className="form__actions">
            <button type="submit" className="button" disabled={busy}>
              {busy ? t('common.saving') : t('common.save')}
            </button>
          </div>
        </form>
      )}
    </article>
  );
}

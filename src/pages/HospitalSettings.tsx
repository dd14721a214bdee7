// hospital_settings (clinical site; hospital officials and admins): the idle time after which every login of
// the site ends (tenant/session/settings) and, saved apart, the unit each measurement is shown and entered in
// (from the unit catalogue) and the default data-model template (hospital/settings). Two forms, two saves:
// each call is whole on its own, so neither can leave the other half-saved.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useActiveLabel } from '../app/router/hooks';
import type { PageProps } from '../app/router/registry';
import { focusFirstInvalid, Notice, SelectField, TextField, useErrorText } from '../app/ui';
import { PREFERRED_UNIT_CHOICES, unitLabel } from '../domain/units';
import { clinicalUserRules } from '../generated/field-rules';
import { hospitalSettingsGet, hospitalSettingsSave, tenantSessionSettingsGet, tenantSessionSettingsSave } from '../generated/client';
import type { HospitalSettings as Settings } from '../generated/types/entities';
import type { HospitalSettingsGetResponse } from '../generated/types/routes';
import './account-strings';

type Result = { kind: 'success' | 'error'; text: string } | null;
type Measurement = keyof typeof PREFERRED_UNIT_CHOICES;
const MEASUREMENTS = Object.keys(PREFERRED_UNIT_CHOICES) as Measurement[];
const IDLE = clinicalUserRules.session_idle_minutes;

export default function HospitalSettings({ page }: PageProps) {
  const lang = useActiveLabel();
  return (
    <article className="page" aria-labelledby="page-title">
      <h1 id="page-title">{page.caption[lang]}</h1>
      <SessionSection />
      <UnitsAndTemplatesSection />
    </article>
  );
}

/** Loads once per visit; the error is kept and worded when shown, so a change of language rewords it. */
function useLoaded<T>(load: () => Promise<T>) {
  const [value, setValue] = useState<T | null>(null);
  const [error, setError] = useState<unknown>(null);
  const loadRef = useRef(load);
  useEffect(() => {
    let live = true;
    loadRef.current().then(
      (v) => live && setValue(v),
      (e: unknown) => live && setError(e),
    );
    return () => {
      live = false;
    };
  }, []);
  return { value, setValue, error };
}

function SessionSection() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const formRef = useRef<HTMLFormElement>(null);
  const loaded = useLoaded(() => tenantSessionSettingsGet({}).then((a) => String(a.session_settings.idle_session_minutes)));
  const minutes = loaded.value;
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result>(null);
  const shown = result ?? (loaded.error ? { kind: 'error' as const, text: errorText(loaded.error) } : null);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (minutes === null) return;
    const value = Number(minutes);
    setResult(null);
    if (!/^\d+$/.test(minutes.trim()) || value < IDLE.minimum || value > IDLE.maximum) {
      setError(t('hospitalSettings.idleRange', { min: IDLE.minimum, max: IDLE.maximum }));
      focusFirstInvalid(formRef.current);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const answer = await tenantSessionSettingsSave({ session_settings: { idle_session_minutes: value } });
      loaded.setValue(String(answer.session_settings.idle_session_minutes));
      setResult({ kind: 'success', text: t('hospitalSettings.sessionSaved') });
    } catch (err) {
      setResult({ kind: 'error', text: errorText(err) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="section" aria-labelledby="session-title">
      <h2 id="session-title">{t('hospitalSettings.session')}</h2>
      {shown && <Notice kind={shown.kind}>{shown.text}</Notice>}
      {minutes !== null ? (
        <form ref={formRef} className="form" noValidate onSubmit={onSubmit} aria-labelledby="session-title">
          <TextField
            label={t('hospitalSettings.idleMinutes')}
            name="idle_session_minutes"
            type="number"
            inputMode="numeric"
            min={IDLE.minimum}
            max={IDLE.maximum}
            required
            value={minutes}
            onValue={(v) => loaded.setValue(v)}
            hint={t('hospitalSettings.idleHint', { min: IDLE.minimum, max: IDLE.maximum })}
            error={error}
          />
          <div className="form__actions">
            <button type="submit" className="button" disabled={busy}>
              {busy ? t('common.saving') : t('hospitalSettings.saveSession')}
            </button>
          </div>
        </form>
      ) : (
        !shown && <p role="status">{t('app.loading')}</p>
      )}
    </section>
  );
}

function UnitsAndTemplatesSection() {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const errorText = useErrorText();
  const loaded = useLoaded<HospitalSettingsGetResponse>(() => hospitalSettingsGet({}));
  const [draft, setDraft] = useState<Settings | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result>(null);
  const shown = result ?? (loaded.error ? { kind: 'error' as const, text: errorText(loaded.error) } : null);
  const settings = draft ?? loaded.value?.hospital_settings ?? null;
  const templates = loaded.value?.data_model_template_list ?? [];
  const chosen = settings?.default_templates.data_model_id ?? '';

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!settings) return;
    setBusy(true);
    setResult(null);
    try {
      const answer = await hospitalSettingsSave({ hospital_settings: settings });
      setDraft(answer.hospital_settings);
      setResult({ kind: 'success', text: t('hospitalSettings.saved') });
    } catch (err) {
      setResult({ kind: 'error', text: errorText(err) });
    } finally {
      setBusy(false);
    }
  };

  const setUnit = (m: Measurement, unit: string) =>
    settings && setDraft({ ...settings, preferred_units: { ...settings.preferred_units, [m]: unit } as Settings['preferred_units'] });
  const templateOptions = [
    { value: '', label: t('hospitalSettings.noTemplate') },
    ...templates.map((m) => ({ value: m.data_model_id, label: m.title[lang] ?? m.title.en ?? m.title.tr ?? m.data_model_id })),
    // A default saved earlier that the caller can no longer open (unshared, or no longer a template) stays
    // chosen until changed, named as such.
    ...(chosen && !templates.some((m) => m.data_model_id === chosen) ? [{ value: chosen, label: t('hospitalSettings.unavailableTemplate') }] : []),
  ];

  return (
    <section className="section" aria-labelledby="units-title">
      <h2 id="units-title">{t('hospitalSettings.units')}</h2>
      {shown && <Notice kind={shown.kind}>{shown.text}</Notice>}
      {settings ? (
        <form className="form" noValidate onSubmit={onSubmit} aria-labelledby="units-title">
          <p className="field__hint">{t('hospitalSettings.unitsHint')}</p>
          <div className="form__row">
            {MEASUREMENTS.map((m) => (
              <SelectField
                key={m}
                label={t(`hospitalSettings.measurement.${m}`)}
                name={m}
                value={settings.preferred_units[m]}
                onValue={(v) => setUnit(m, v)}
                options={PREFERRED_UNIT_CHOICES[m].map((code) => ({ value: code, label: unitLabel(code, lang) }))}
              />
            ))}
          </div>
          <h3>{t('hospitalSettings.templates')}</h3>
          <SelectField
            label={t('hospitalSettings.dataModelTemplate')}
            name="data_model_id"
            value={chosen}
            onValue={(v) => setDraft({ ...settings, default_templates: { ...settings.default_templates, data_model_id: v || undefined } })}
            options={templateOptions}
            hint={t('hospitalSettings.dataModelTemplateHint')}
          />
          <div className="form__actions">
            <button type="submit" className="button" disabled={busy}>
              {busy ? t('common.saving') : t('hospitalSettings.save')}
            </button>
          </div>
        </form>
      ) : (
        !shown && <p role="status">{t('app.loading')}</p>
      )}
    </section>
  );
}

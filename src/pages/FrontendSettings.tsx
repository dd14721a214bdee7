// frontend_settings (admin): this domain's front-end configuration — application name, logo and favicon
// (uploaded as data: URLs), offered and default languages, login, shop and clinical switches, currency, colours and
// the frame allow-list. The colours are previewed live: the real top bar and sidebar are redrawn while they
// are edited, and put back when the page is left unsaved. Saving applies everything to this page load; other
// visitors get it on their next load.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { applySavedSettings, applyTheme } from '../app/boot/apply';
import { Icon } from '../app/layout/icons';
import { useActiveLabel } from '../app/router/hooks';
import type { PageProps } from '../app/router/registry';
import { useAppStore } from '../app/store';
import { frontendSave } from '../generated/client';
import type { CurrencyType, FrontendConfiguration, Language } from '../generated/types/entities';
import { frontendConfigurationRules } from '../generated/field-rules';
import { CheckboxField, focusFirstInvalid, Notice, SelectField, serverFieldErrors, TextAreaField, TextField, useErrorText } from '../app/ui';
import { ColorField, contrastRatio, FAVICON, ImageField, isHexColour, LOGO } from './website/fields';
import './website/strings';
import './website/website.css';

type Colours = FrontendConfiguration['colors'];
const COLOUR_KEYS: (keyof Colours)[] = ['sidebar_background', 'sidebar_text', 'topbar_background', 'topbar_text', 'accent'];
const LANGUAGES: { value: Language; label: 'tr' | 'en' }[] = [
  { value: 0, label: 'tr' },
  { value: 1, label: 'en' },
];
/** The schema's origin pattern (frontend_configuration.json frame_allowlist). */
const ORIGIN = new RegExp(frontendConfigurationRules.frame_allowlist.items.pattern, 'u');

const linesOf = (text: string): string[] =>
  text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);

export default function FrontendSettings({ page }: PageProps) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const errorText = useErrorText();
  const saved = useAppStore((s) => s.configuration.settings)!;
  const formRef = useRef<HTMLFormElement>(null);
  const [form, setForm] = useState<FrontendConfiguration>(() => structuredClone(saved));
  const [frames, setFrames] = useState(() => (saved.frame_allowlist ?? []).join('\n'));
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const set = <K extends keyof FrontendConfiguration>(key: K, value: FrontendConfiguration[K]) => setForm((f) => ({ ...f, [key]: value }));
  const setColour = (key: keyof Colours, value: string) => setForm((f) => ({ ...f, colors: { ...f.colors, [key]: value } }));

  // Live preview on the real layout; leaving the page puts back the saved colours.
  useEffect(() => applyTheme(form.colors), [form.colors]);
  useEffect(() => () => applyTheme(useAppStore.getState().configuration.settings?.colors), []);

  const toggleLanguage = (value: Language, on: boolean) =>
    setForm((f) => {
      const list = on ? [...f.language_options, value] : f.language_options.filter((l) => l !== value);
      const default_language = list.includes(f.default_language) ? f.default_language : (list[0] ?? f.default_language);
      return { ...f, language_options: list, default_language };
    });
  const moveLanguageUp = (value: Language) =>
    setForm((f) => {
      const i = f.language_options.indexOf(value);
      if (i <= 0) return f;
      const list = [...f.language_options];
      [list[i - 1], list[i]] = [list[i], list[i - 1]];
      return { ...f, language_options: list };
    });

  const contrastHint = (text: keyof Colours, background: keyof Colours): string | null => {
    const [a, b] = [form.colors[text], form.colors[background]];
    if (!isHexColour(a) || !isHexColour(b)) return null;
    const ratio = contrastRatio(a, b);
    return ratio < 4.5 ? t('website.lowContrast', { ratio: ratio.toFixed(1) }) : null;
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setResult(null);
    const origins = linesOf(frames);
    const badOrigins = origins.filter((o) => !ORIGIN.test(o));
    const found: Record<string, string | undefined> = {
      application_name: form.application_name.trim() ? undefined : t('validation.fillAllInputs'),
      language_options: form.language_options.length ? undefined : t('website.languageRequired'),
      frame_allowlist: badOrigins.length ? t('website.originFormat', { origins: badOrigins.join(', ') }) : undefined,
      colors: COLOUR_KEYS.some((k) => !isHexColour(form.colors[k])) ? t('website.colourFormat') : undefined,
    };
    setErrors(found);
    if (Object.values(found).some(Boolean)) {
      focusFirstInvalid(formRef.current);
      return;
    }
    const { frame_allowlist: _frames, ...rest } = form;
    const frontend: FrontendConfiguration = { ...rest, application_name: form.application_name.trim(), ...(origins.length ? { frame_allowlist: origins } : {}) };
    setBusy(true);
    try {
      const answer = await frontendSave({ frontend });
      applySavedSettings(answer.frontend);
      setForm(structuredClone(answer.frontend));
      setFrames((answer.frontend.frame_allowlist ?? []).join('\n'));
      setResult({ kind: 'success', text: t('website.settingsSaved') });
    } catch (err) {
      setResult({ kind: 'error', text: errorText(err) });
      const fields = serverFieldErrors(err, lang);
      setErrors({
        application_name: fields.application_name,
        navbar_middle_logo: fields.navbar_middle_logo,
        page_favicon: fields.page_favicon,
        default_language: fields.default_language,
        frame_allowlist: fields.frame_allowlist ?? Object.entries(fields).find(([k]) => /^\d+$/.test(k))?.[1],
      });
      focusFirstInvalid(formRef.current);
    } finally {
      setBusy(false);
    }
  };

  const undo = () => {
    setForm(structuredClone(saved));
    setFrames((saved.frame_allowlist ?? []).join('\n'));
    setErrors({});
    setResult(null);
  };

  return (
    <article className="page" aria-labelledby="page-title">
      <h1 id="page-title">{page.caption[lang]}</h1>
      {result && <Notice kind={result.kind}>{result.text}</Notice>}
      <div className="settings-layout">
        <form ref={formRef} className="form form--wide" noValidate onSubmit={onSubmit} aria-labelledby="page-title">
          <fieldset className="fieldset">
            <legend>{t('website.identity')}</legend>
            <TextField
              label={t('website.applicationName')}
              name="application_name"
              required
              maxLength={100}
              value={form.application_name}
              onValue={(v) => set('application_name', v)}
              error={errors.application_name}
            />
            <ImageField label={t('website.logo')} kind={LOGO} value={form.navbar_middle_logo} onChange={(v) => set('navbar_middle_logo', v)} error={errors.navbar_middle_logo} />
            <ImageField label={t('website.favicon')} kind={FAVICON} value={form.page_favicon} onChange={(v) => set('page_favicon', v)} error={errors.page_favicon} />
          </fieldset>

          <fieldset className="fieldset" aria-describedby={errors.language_options ? 'languages-error' : undefined}>
            <legend>{t('website.languages')}</legend>
            <ul className="plain-list">
              {[...form.language_options, ...LANGUAGES.map((l) => l.value).filter((v) => !form.language_options.includes(v))].map((value) => {
                const label = LANGUAGES.find((l) => l.value === value)!.label;
                const on = form.language_options.includes(value);
                return (
                  <li key={value} className="language-row">
                    <CheckboxField label={t(`language.${label}`)} checked={on} onChecked={(c) => toggleLanguage(value, c)} aria-invalid={errors.language_options ? true : undefined} />
                    {on && form.language_options.indexOf(value) > 0 && (
                      <button type="button" className="button button--secondary button--small" onClick={() => moveLanguageUp(value)}>
                        {t('website.moveLanguageUp', { language: t(`language.${label}`) })}
                      </button>
                    )}
                  </li>
                );
              })}
            </ul>
            {errors.language_options && (
              <p id="languages-error" className="field__error">
                {errors.language_options}
              </p>
            )}
            <SelectField
              label={t('website.defaultLanguage')}
              value={String(form.default_language)}
              options={form.language_options.map((v) => ({ value: String(v), label: t(`language.${LANGUAGES.find((l) => l.value === v)!.label}`) }))}
              onValue={(v) => set('default_language', Number(v) as Language)}
              error={errors.default_language}
            />
          </fieldset>

          <fieldset className="fieldset">
            <legend>{t('website.functions')}</legend>
            <CheckboxField
              label={t('website.loginFunction')}
              hint={form.login_function === 1 ? undefined : t('website.loginOffWarning')}
              checked={form.login_function === 1}
              onChecked={(c) => set('login_function', c ? 1 : 0)}
            />
            <CheckboxField
              label={t('website.loginExternal')}
              hint={t('website.loginExternalHint')}
              checked={form.login_function_external === 1}
              disabled={form.login_function !== 1}
              onChecked={(c) => set('login_function_external', c ? 1 : 0)}
            />
            <CheckboxField label={t('website.shopFunction')} hint={t('website.shopFunctionHint')} checked={form.shop_function === 1} onChecked={(c) => set('shop_function', c ? 1 : 0)} />
            <CheckboxField
              label={t('website.clinicalFunction')}
              hint={t('website.clinicalFunctionHint')}
              checked={form.clinical_function === 1}
              onChecked={(c) => set('clinical_function', c ? 1 : 0)}
            />
            <SelectField
              label={t('website.defaultCurrency')}
              value={String(form.default_currency_type ?? 0)}
              options={[0, 1].map((c) => ({ value: String(c), label: t(`currency.${c}`) }))}
              onValue={(v) => set('default_currency_type', Number(v) as CurrencyType)}
            />
          </fieldset>

          <fieldset className="fieldset">
            <legend>{t('website.colours')}</legend>
            <div className="form__row">
              <ColorField label={t('website.colour.sidebar_background')} value={form.colors.sidebar_background} onChange={(v) => setColour('sidebar_background', v)} />
              <ColorField label={t('website.colour.sidebar_text')} value={form.colors.sidebar_text} onChange={(v) => setColour('sidebar_text', v)} hint={contrastHint('sidebar_text', 'sidebar_background')} />
              <ColorField label={t('website.colour.topbar_background')} value={form.colors.topbar_background} onChange={(v) => setColour('topbar_background', v)} />
              <ColorField label={t('website.colour.topbar_text')} value={form.colors.topbar_text} onChange={(v) => setColour('topbar_text', v)} hint={contrastHint('topbar_text', 'topbar_background')} />
              <ColorField label={t('website.colour.accent')} value={form.colors.accent} onChange={(v) => setColour('accent', v)} />
            </div>
            {errors.colors && <p className="field__error">{errors.colors}</p>}
          </fieldset>

          <fieldset className="fieldset">
            <legend>{t('website.frames')}</legend>
            <TextAreaField
              label={t('website.frameAllowlist')}
              name="frame_allowlist"
              hint={t('website.frameAllowlistHint')}
              rows={4}
              spellCheck={false}
              value={frames}
              onValue={setFrames}
              error={errors.frame_allowlist}
            />
          </fieldset>

          <div className="form__actions">
            <button type="submit" className="button" disabled={busy}>
              {busy ? t('common.saving') : t('common.save')}
            </button>
            <button type="button" className="button button--secondary" onClick={undo} disabled={busy}>
              {t('website.undo')}
            </button>
          </div>
        </form>
        <ThemePreview settings={form} />
      </div>
    </article>
  );
}

/** A small drawing of the top bar and the menu with the edited name, logo and colours. */
function ThemePreview({ settings }: { settings: FrontendConfiguration }) {
  const { t } = useTranslation();
  const c = settings.colors;
  return (
    <figure className="theme-preview" aria-labelledby="theme-preview-title">
      <figcaption id="theme-preview-title">{t('website.preview')}</figcaption>
      <div className="theme-preview__frame" data-testid="theme-preview">
        <div className="theme-preview__topbar" style={{ background: c.topbar_background, color: c.topbar_text }}>
          {settings.navbar_middle_logo && <img src={settings.navbar_middle_logo} alt="" className="theme-preview__logo" />}
          <span>{settings.application_name}</span>
        </div>
        <div className="theme-preview__body">
          <ul className="theme-preview__sidebar" style={{ background: c.sidebar_background, color: c.sidebar_text }}>
            <li>
              <Icon name="home" /> {t('website.previewHome')}
            </li>
            <li>
              <Icon name="store" /> {t('website.previewShop')}
            </li>
            <li>
              <Icon name="settings" /> {t('website.previewSettings')}
            </li>
          </ul>
          <div className="theme-preview__main">
            <span className="theme-preview__button" style={{ background: c.accent }}>
              {t('common.save')}
            </span>
            <span style={{ color: c.accent }}>{t('website.previewLink')}</span>
          </div>
        </div>
      </div>
    </figure>
  );
}

// user_settings: the signed-in user's own profile (user_controller to read, /user/record to save) and their
// settings (language, currency, mail notifications: /user/settings/get|save). The saved language and
// currency become active at once. Links to the pages under it (authority management).
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { chooseCurrency } from '../app/preferences';
import { updateSessionUser } from '../app/session';
import { useAppStore } from '../app/store';
import { useActiveLabel } from '../app/router/hooks';
import type { PageProps } from '../app/router/registry';
import { userRecord, userSettingsGet, userSettingsSave, userUserController } from '../generated/client';
import type { CurrencyType, Gender, Language, LanguageLabel, UserAccount } from '../generated/types/entities';
import type { UserRecordRequest } from '../generated/types/routes';
import { useSwitchLanguage } from './shared/hooks';
import { GENDERS } from './shared/registration';
import { CheckboxField, focusFirstInvalid, Notice, SelectField, serverFieldErrors, TextAreaField, TextField, useErrorText } from '../app/ui';
import { checkFirstname, checkLastname, failed } from './shared/validation';
import './account-strings';
import { ChildPagesNav, useChildPages } from './shared/ChildPages';

const LINKS = ['website', 'linkedin', 'twitter', 'facebook', 'instagram', 'youtube'] as const;
type LinkField = (typeof LINKS)[number];

interface Profile {
  firstname: string;
  lastname: string;
  gender: '' | Gender;
  date_of_birth: string;
  about_me: string;
  links: Record<LinkField, string>;
}

function profileOf(user: UserAccount): Profile {
  return {
    firstname: user.firstname ?? '',
    lastname: user.lastname ?? '',
    gender: user.gender ?? '',
    date_of_birth: user.date_of_birth ?? '',
    about_me: (user.about_me ?? []).join('\n\n'),
    links: Object.fromEntries(LINKS.map((k) => [k, user[k] ?? ''])) as Record<LinkField, string>,
  };
}

function userDataOf(p: Profile): UserRecordRequest['user_data'] {
  const paragraphs = p.about_me
    .split(/\n\s*\n/)
    .map((s) => s.trim())
    .filter(Boolean);
  const links = Object.fromEntries(LINKS.filter((k) => p.links[k].trim()).map((k) => [k, p.links[k].trim()]));
  return {
    firstname: p.firstname.trim(),
    lastname: p.lastname.trim(),
    ...(p.gender ? { gender: p.gender } : {}),
    ...(p.date_of_birth ? { date_of_birth: p.date_of_birth } : {}),
    ...(paragraphs.length ? { about_me: paragraphs } : {}),
    ...links,
  };
}

interface Settings {
  active_lang: Language;
  user_currency_type: CurrencyType;
  mail_notification: boolean;
}

export default function UserSettings({ page }: PageProps) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const children = useChildPages(page.route_name);
  const errorText = useErrorText();
  const [user, setUser] = useState<UserAccount | null>(null);
  // Kept as the error and worded when shown: a change of language rewords it.
  const [loadError, setLoadError] = useState<unknown>(null);

  useEffect(() => {
    let live = true;
    userUserController({}).then(
      (answer) => live && setUser(answer.user),
      (e: unknown) => live && setLoadError(e),
    );
    return () => {
      live = false;
    };
  }, []); // once per visit

  return (
    <article className="page" aria-labelledby="page-title">
      <h1 id="page-title">{page.caption[lang]}</h1>
      <Notice>{loadError ? errorText(loadError) : null}</Notice>
      {user ? <ProfileSection user={user} onSaved={setUser} /> : !loadError && <p role="status">{t('app.loading')}</p>}
      <SettingsSection />
      <ChildPagesNav pages={children} className="section" />
    </article>
  );
}

function ProfileSection({ user, onSaved }: { user: UserAccount; onSaved: (user: UserAccount) => void }) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const errorText = useErrorText();
  const formRef = useRef<HTMLFormElement>(null);
  const [profile, setProfile] = useState<Profile>(() => profileOf(user));
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const set = <K extends keyof Profile>(key: K) => (value: Profile[K]) => setProfile((p) => ({ ...p, [key]: value }));
  const setLink = (key: LinkField) => (value: string) => setProfile((p) => ({ ...p, links: { ...p.links, [key]: value } }));

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const found = failed({ firstname: checkFirstname(profile.firstname), lastname: checkLastname(profile.lastname) });
    setErrors(Object.fromEntries(Object.entries(found).map(([k, v]) => [k, t(v!)])));
    setResult(null);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(formRef.current);
      return;
    }
    setBusy(true);
    try {
      const answer = await userRecord({ user_data: userDataOf(profile) });
      onSaved(answer.user_wdmr);
      updateSessionUser(answer.user_wdmr);
      setResult({ kind: 'success', text: t('userSettings.profileSaved') });
    } catch (err) {
      setResult({ kind: 'error', text: errorText(err) });
      setErrors(serverFieldErrors(err, lang));
      focusFirstInvalid(formRef.current);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="section" aria-labelledby="profile-title">
      <h2 id="profile-title">{t('userSettings.profile')}</h2>
      <dl className="facts">
        <dt>{t('account.username')}</dt>
        <dd>{user.username}</dd>
        {user.mail && (
          <>
            <dt>{t('account.mail')}</dt>
            <dd>{user.mail}</dd>
          </>
        )}
      </dl>
      {result && <Notice kind={result.kind}>{result.text}</Notice>}
      <form ref={formRef} className="form" noValidate onSubmit={onSubmit} aria-labelledby="profile-title">
        <div className="form__row">
          <TextField label={t('account.firstname')} name="firstname" autoComplete="given-name" maxLength={100} required value={profile.firstname} onValue={set('firstname')} error={errors.firstname} />
          <TextField label={t('account.lastname')} name="lastname" autoComplete="family-name" maxLength={100} required value={profile.lastname} onValue={set('lastname')} error={errors.lastname} />
        </div>
        <div className="form__row">
          <SelectField
            label={t('account.gender')}
            name="gender"
            value={profile.gender}
            onValue={(v) => set('gender')(v as Gender | '')}
            placeholder={t('common.choose')}
            options={GENDERS.map((g) => ({ value: g, label: t(`gender.${g}`) }))}
            error={errors.gender}
          />
          <TextField label={t('account.dateOfBirth')} name="date_of_birth" type="date" value={profile.date_of_birth} onValue={set('date_of_birth')} error={errors.date_of_birth} />
        </div>
        <TextAreaField label={t('userSettings.aboutMe')} name="about_me" rows={4} value={profile.about_me} onValue={set('about_me')} hint={t('userSettings.aboutMeHint')} error={errors.about_me} />
        <div className="form__row">
          {LINKS.map((k) => (
            <TextField key={k} label={t(`userSettings.links.${k}`)} name={k} type={k === 'website' ? 'url' : 'text'} maxLength={300} value={profile.links[k]} onValue={setLink(k)} error={errors[k]} />
          ))}
        </div>
        <div className="form__actions">
          <button type="submit" className="button" disabled={busy}>
            {busy ? t('common.saving') : t('userSettings.saveProfile')}
          </button>
        </div>
      </form>
    </section>
  );
}

function SettingsSection() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const languages = useAppStore((s) => s.language.list);
  const switchLanguage = useSwitchLanguage();
  const [settings, setSettings] = useState<Settings | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  // Kept as the error and worded when shown: a change of language rewords it.
  const [loadError, setLoadError] = useState<unknown>(null);
  const shown = result ?? (loadError ? { kind: 'error' as const, text: errorText(loadError) } : null);

  useEffect(() => {
    let live = true;
    userSettingsGet({}).then(
      (answer) => live && setSettings(answer.user_settings),
      (e: unknown) => live && setLoadError(e),
    );
    return () => {
      live = false;
    };
  }, []); // once per visit

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!settings) return;
    setBusy(true);
    setResult(null);
    try {
      const answer = await userSettingsSave({ user_settings: settings });
      const saved = answer.user_settings;
      setSettings(saved);
      chooseCurrency(saved.user_currency_type);
      const label = languages.find((l) => l.value === saved.active_lang)?.label as LanguageLabel | undefined;
      if (label) switchLanguage(label);
      setResult({ kind: 'success', text: t('userSettings.settingsSaved') });
    } catch (err) {
      setResult({ kind: 'error', text: errorText(err) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="section" aria-labelledby="settings-title">
      <h2 id="settings-title">{t('userSettings.settings')}</h2>
      {shown && <Notice kind={shown.kind}>{shown.text}</Notice>}
      {settings ? (
        <form className="form" noValidate onSubmit={onSubmit} aria-labelledby="settings-title">
          <SelectField
            label={t('userSettings.language')}
            name="active_lang"
            value={String(settings.active_lang)}
            onValue={(v) => setSettings({ ...settings, active_lang: Number(v) as Language })}
            options={languages.map((l) => ({ value: String(l.value), label: t(`language.${l.label}`) }))}
          />
          <SelectField
            label={t('userSettings.currency')}
            name="user_currency_type"
            value={String(settings.user_currency_type)}
            onValue={(v) => setSettings({ ...settings, user_currency_type: Number(v) as CurrencyType })}
            options={[0, 1].map((c) => ({ value: String(c), label: t(`currency.${c}`) }))}
          />
          <CheckboxField
            label={t('userSettings.mailNotification')}
            name="mail_notification"
            checked={settings.mail_notification}
            onChecked={(checked) => setSettings({ ...settings, mail_notification: checked })}
          />
          <div className="form__actions">
            <button type="submit" className="button" disabled={busy}>
              {busy ? t('common.saving') : t('userSettings.saveSettings')}
            </button>
          </div>
        </form>
      ) : (
        !shown && <p role="status">{t('app.loading')}</p>
      )}
    </section>
  );
}

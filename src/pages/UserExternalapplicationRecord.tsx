// user_externalapplication_record (admin, external_application_add): creates an external application or,
// with ?id=, edits one. Its key is stored hashed: a new key (made by the server when the field is left
// empty, or typed here, at most 32 characters) is shown once, with a copy button and a warning.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useActiveLabel } from '../app/router/hooks';
import type { PageProps } from '../app/router/registry';
import { userExternalapplicationGet, userExternalapplicationRecord } from '../generated/client';
import { usePagePath } from './shared/hooks';
import { CheckboxField, focusFirstInvalid, Notice, serverFieldErrors, TextField, useErrorText } from './shared/ui';
import { checkKey, checkRequired, failed } from './shared/validation';
import './account-strings';

interface Form {
  name: string;
  url: string;
  route: string;
  key: string;
  registration: boolean;
  listed: boolean;
}

const EMPTY: Form = { name: '', url: '', route: '', key: '', registration: false, listed: false };

const ROUTE_PATTERN = /^\/[A-Za-z0-9/_.-]*$/;

function checkUrl(value: string): string | null {
  if (!value.trim()) return 'validation.fillAllInputs';
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? null : 'extApp.urlInvalid';
  } catch {
    return 'extApp.urlInvalid';
  }
}

export default function UserExternalapplicationRecord({ page }: PageProps) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const listPath = usePagePath('user_externalapplication_list');
  const errorText = useErrorText();
  const formRef = useRef<HTMLFormElement>(null);
  const [form, setForm] = useState<Form>(EMPTY);
  const [loading, setLoading] = useState(Boolean(id));
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const [shownKey, setShownKey] = useState<string | null>(null);
  const set = <K extends keyof Form>(key: K) => (value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));

  useEffect(() => {
    if (!id) return;
    let live = true;
    setLoading(true);
    userExternalapplicationGet({ externalapplication_client_id: id }).then(
      ({ external_application: a }) => {
        if (!live) return;
        setForm({
          name: a.externalapplication_name,
          url: a.externalapplication_url,
          route: a.externalapplication_route ?? '',
          key: '',
          registration: a.register_in_this_application_status === 1,
          listed: Boolean(a.external_application_for_register),
        });
        setLoading(false);
      },
      (e: unknown) => {
        if (!live) return;
        setResult({ kind: 'error', text: errorText(e) });
        setLoading(false);
      },
    );
    return () => {
      live = false;
    };
  }, [id]);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setResult(null);
    const found = failed({
      name: checkRequired(form.name),
      url: checkUrl(form.url),
      route: form.route && !ROUTE_PATTERN.test(form.route) ? 'extApp.routeInvalid' : null,
      key: form.key ? checkKey(form.key) : null,
    });
    setErrors(Object.fromEntries(Object.entries(found).map(([k, v]) => [k, t(v!)])));
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(formRef.current);
      return;
    }
    setBusy(true);
    try {
      const answer = await userExternalapplicationRecord({
        ...(id ? { externalapplication_client_id: id } : {}),
        externalapplication_name: form.name.trim(),
        externalapplication_url: form.url.trim(),
        ...(form.route ? { externalapplication_route: form.route } : {}),
        ...(form.key ? { externalapplication_key: form.key } : {}),
        register_in_this_application_status: form.registration ? 1 : 0,
        external_application_for_register: form.listed,
      });
      const newKey = answer.new_externalapplication_key ?? (form.key || null);
      setShownKey(newKey);
      setForm((f) => ({ ...f, key: '' }));
      setResult({ kind: 'success', text: id ? t('extApp.saved') : t('extApp.created') });
      const savedId = answer.external_application.externalapplication_client_id;
      if (!id && savedId) navigate(`?${new URLSearchParams({ id: savedId })}`, { replace: true });
    } catch (err) {
      setResult({ kind: 'error', text: errorText(err) });
      const fields = serverFieldErrors(err);
      setErrors({
        name: fields.externalapplication_name,
        url: fields.externalapplication_url,
        route: fields.externalapplication_route,
        key: fields.externalapplication_key,
      });
      focusFirstInvalid(formRef.current);
    } finally {
      setBusy(false);
    }
  };

  return (
    <article className="page" aria-labelledby="page-title">
      <h1 id="page-title">{page.caption[lang]}</h1>
      <h2 id="form-title">{id ? t('extApp.editTitle') : t('extApp.newTitle')}</h2>
      {result && <Notice kind={result.kind}>{result.text}</Notice>}
      {shownKey && <ShownOnce value={shownKey} onDone={() => setShownKey(null)} />}
      {loading ? (
        <p role="status">{t('app.loading')}</p>
      ) : (
        <form ref={formRef} className="form" noValidate onSubmit={onSubmit} aria-labelledby="form-title">
          <TextField label={t('extApp.name')} name="externalapplication_name" maxLength={100} required value={form.name} onValue={set('name')} error={errors.name} />
          <TextField
            label={t('extApp.url')}
            name="externalapplication_url"
            type="url"
            inputMode="url"
            maxLength={300}
            required
            value={form.url}
            onValue={set('url')}
            error={errors.url}
            hint={t('extApp.urlHint')}
          />
          <TextField label={t('extApp.route')} name="externalapplication_route" maxLength={200} value={form.route} onValue={set('route')} error={errors.route} hint={t('extApp.routeHint')} />
          <TextField
            label={id ? t('extApp.keyReplace') : t('extApp.key')}
            name="externalapplication_key"
            autoComplete="off"
            spellCheck={false}
            value={form.key}
            onValue={set('key')}
            error={errors.key}
            hint={id ? t('extApp.keyHintEdit') : t('extApp.keyHintNew')}
          />
          <CheckboxField label={t('extApp.registrationLabel')} name="register_in_this_application_status" checked={form.registration} onChecked={set('registration')} />
          <CheckboxField label={t('extApp.listedLabel')} name="external_application_for_register" checked={form.listed} onChecked={set('listed')} />
          <div className="form__actions">
            <button type="submit" className="button" disabled={busy}>
              {busy ? t('common.saving') : t('common.save')}
            </button>
            {listPath && <Link to={listPath}>{t('extApp.backToList')}</Link>}
          </div>
        </form>
      )}
    </article>
  );
}

/** The key, this once: a copy button, a warning, and "I have copied it" to hide it. */
function ShownOnce({ value, onDone }: { value: string; onDone: () => void }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState<boolean | null>(null);
  const ref = useRef<HTMLElement>(null);

  useEffect(() => ref.current?.focus(), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  return (
    <section className="section" aria-labelledby="key-title" ref={ref} tabIndex={-1}>
      <h2 id="key-title">{t('extApp.keyTitle')}</h2>
      <Notice kind="info">{t('extApp.keyWarning')}</Notice>
      <div className="secret">
        <code aria-label={t('extApp.key')}>{value}</code>
        <button type="button" className="button" onClick={() => void copy()}>
          {t('extApp.copy')}
        </button>
        <button type="button" className="button button--secondary" onClick={onDone}>
          {t('extApp.copiedDone')}
        </button>
      </div>
      <p role="status">{copied === null ? '' : copied ? t('extApp.copied') : t('extApp.copyFailed')}</p>
    </section>
  );
}

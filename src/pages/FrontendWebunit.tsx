// frontend_webunit (admin, website_admin, website_edit): creates a website unit or, with ?id=, edits one —
// route name, path and caption per language, icon, parent and position in the menu, menu/dashboard/login/
// shop flags, auth list, and the content: plain text, rich text (HTML with a sandboxed preview; the server
// sanitizes it), a generic screen, or a frame of an allow-listed address. A save goes to the store at once:
// the menu and the routes follow without a reload. Edits name the version they started from; a newer one
// saved meanwhile is reported (409) with a way to load it.
import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { applyWebsiteUnit } from '../app/boot/apply';
import { Icon, ICON_NAMES } from '../app/layout/icons';
import { pathsOf } from '../app/router/catalogue';
import { useActiveLabel, usePages } from '../app/router/hooks';
import type { PageProps } from '../app/router/registry';
import { frameAllowed, originOf } from '../app/router/units';
import { useAppStore } from '../app/store';
import { ApiError } from '../api/errors';
import { frontendWebsiteUnitUpdate, frontendWebsiteunitGet, frontendWebsiteunitNew } from '../generated/client';
import type { AuthCode, ClickType, WebsiteUnit } from '../generated/types/entities';
import { SCREEN_ENTITIES, SCREEN_IDS } from '../../renderers/generic/screens';
import { AUTH_CODES } from './shared/authorization';
import { usePagePath } from './shared/hooks';
import { CheckboxField, focusFirstInvalid, Notice, SelectField, TextAreaField, TextField, useErrorText } from './shared/ui';
import { HtmlEditor } from './website/HtmlEditor';
import './website/strings';
import './website/website.css';

type Kind = 'text' | 'rich_text' | 'screen' | 'frame';
const KINDS: Kind[] = ['text', 'rich_text', 'screen', 'frame'];

interface Form {
  route_name: string;
  path_en: string;
  path_tr: string;
  caption_en: string;
  caption_tr: string;
  icon: string;
  parent: string;
  position: string;
  click_type: ClickType;
  show_in_menu: boolean;
  is_dashboard: boolean;
  login: boolean;
  shop_active: boolean;
  auth: AuthCode[];
  kind: Kind;
  text_en: string;
  text_tr: string;
  html_en: string;
  html_tr: string;
  screen_id: string;
  screen_view: 'list' | 'record';
  /** The screen's fixed parameters, one name=value a line. */
  screen_params: string;
  url: string;
}

const EMPTY: Form = {
  route_name: '',
  path_en: '',
  path_tr: '',
  caption_en: '',
  caption_tr: '',
  icon: '',
  parent: '',
  position: '100',
  click_type: 'route',
  show_in_menu: true,
  is_dashboard: false,
  login: false,
  shop_active: false,
  auth: [],
  kind: 'text',
  text_en: '',
  text_tr: '',
  html_en: '',
  html_tr: '',
  screen_id: '',
  screen_view: 'list',
  screen_params: '',
  url: '',
};

const ROUTE_NAME = /^[a-z][a-z0-9_]*$/;
const PATH = /^\/[a-z0-9-]+(\/[a-z0-9-]+)*$/;

const TURKISH: Record<string, string> = { ç: 'c', ğ: 'g', ı: 'i', i̇: 'i', ö: 'o', ş: 's', ü: 'u', â: 'a', î: 'i', û: 'u' };
/** A path segment from a caption: lower case, Turkish letters spelled in English letters, words joined by -. */
export function slug(text: string, joiner = '-'): string {
  return text
    .toLocaleLowerCase('tr')
    .replace(/[çğıöşüâîû]|i̇/g, (c) => TURKISH[c] ?? c)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, joiner)
    .replace(new RegExp(`^\\${joiner}+|\\${joiner}+$`, 'g'), '');
}

function formOf(unit: WebsiteUnit): Form {
  const c = unit.content;
  return {
    ...EMPTY,
    route_name: unit.route_name,
    path_en: unit.path.en ?? '',
    path_tr: unit.path.tr ?? '',
    caption_en: unit.caption.en,
    caption_tr: unit.caption.tr,
    icon: unit.icon ?? '',
    parent: unit.parent ?? '',
    position: String(unit.position),
    click_type: unit.click_type ?? 'route',
    show_in_menu: unit.show_in_menu,
    is_dashboard: Boolean(unit.is_dashboard),
    login: unit.login,
    shop_active: unit.shop_active,
    auth: (unit.auth ?? '').split(',').filter(Boolean) as AuthCode[],
    kind: c?.kind ?? 'text',
    text_en: c?.kind === 'text' ? (c.text?.en ?? '') : '',
    text_tr: c?.kind === 'text' ? (c.text?.tr ?? '') : '',
    html_en: c?.kind === 'rich_text' ? c.html.en : '',
    html_tr: c?.kind === 'rich_text' ? c.html.tr : '',
    screen_id: c?.kind === 'screen' ? c.screen.id : '',
    screen_view: c?.kind === 'screen' ? c.screen.view : 'list',
    screen_params: c?.kind === 'screen' ? Object.entries(c.screen.params ?? {}).map(([k, v]) => `${k}=${v}`).join('\n') : '',
    url: c?.kind === 'frame' ? c.url : '',
  };
}

function unitOf(f: Form): WebsiteUnit {
  const path: WebsiteUnit['path'] = {};
  if (f.path_en.trim()) path.en = f.path_en.trim();
  if (f.path_tr.trim()) path.tr = f.path_tr.trim();
  let content: WebsiteUnit['content'];
  if (f.kind === 'text') content = f.text_en.trim() && f.text_tr.trim() ? { kind: 'text', text: { en: f.text_en.trim(), tr: f.text_tr.trim() } } : { kind: 'text' };
  else if (f.kind === 'rich_text') content = { kind: 'rich_text', html: { en: f.html_en, tr: f.html_tr } };
  else if (f.kind === 'screen') {
    const params = parseParams(f.screen_params).values;
    content = { kind: 'screen', screen: { id: f.screen_id, view: f.screen_view, ...(Object.keys(params).length ? { params } : {}) } };
  }
  else content = { kind: 'frame', url: f.url.trim() };
  return {
    route_name: f.route_name.trim(),
    path,
    caption: { en: f.caption_en.trim(), tr: f.caption_tr.trim() },
    ...(f.icon ? { icon: f.icon } : {}),
    parent: f.parent || null,
    position: Number(f.position),
    click_type: f.click_type,
    show_in_menu: f.show_in_menu,
    is_dashboard: f.is_dashboard,
    login: f.login,
    shop_active: f.shop_active,
    auth: f.auth.join(','),
    content,
  };
}

const PARAM_NAME = /^[a-z][a-z0-9_]*$/;

/** name=value lines → the screen's fixed parameters, and the lines that are not such a pair. */
export function parseParams(text: string): { values: Record<string, string>; bad: string[] } {
  const values: Record<string, string> = {};
  const bad: string[] = [];
  for (const line of text.split(/\r?\n/).map((l) => l.trim()).filter(Boolean)) {
    const at = line.indexOf('=');
    const name = line.slice(0, at).trim();
    const value = line.slice(at + 1).trim();
    if (at < 1 || !PARAM_NAME.test(name) || !value || value.length > 200) bad.push(line);
    else values[name] = value;
  }
  return { values, bad };
}

/** Server field paths (website_unit.path.en) → form keys (path_en). */
function fieldKey(field: string): keyof Form | 'content' | undefined {
  const p = field.replace(/^website_unit\./, '');
  const map: Record<string, keyof Form> = {
    route_name: 'route_name',
    'path.en': 'path_en',
    'path.tr': 'path_tr',
    path: 'path_en',
    'caption.en': 'caption_en',
    'caption.tr': 'caption_tr',
    icon: 'icon',
    parent: 'parent',
    position: 'position',
    auth: 'auth',
    'content.url': 'url',
    'content.screen.id': 'screen_id',
    'content.screen.params': 'screen_params',
    'content.html.en': 'html_en',
    'content.html.tr': 'html_tr',
  };
  return map[p] ?? (p.startsWith('content') ? 'content' : undefined);
}

export default function FrontendWebunit({ page }: PageProps) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const listPath = usePagePath('frontend_websiteunit_list');
  const iconListPath = usePagePath('icon_list');
  const pages = usePages();
  const units = useAppStore((s) => s.configuration.websiteUnits);
  const allowlist = useAppStore((s) => s.configuration.settings?.frame_allowlist);
  const errorText = useErrorText();
  const formRef = useRef<HTMLFormElement>(null);
  const [form, setForm] = useState<Form>(EMPTY);
  const [version, setVersion] = useState<number | null>(null);
  const [loading, setLoading] = useState(Boolean(id));
  const [reloadTick, setReloadTick] = useState(0);
  const [errors, setErrors] = useState<Partial<Record<keyof Form | 'content', string>>>({});
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ kind: 'success' | 'error' | 'info'; text: ReactNode } | null>(null);
  const [conflict, setConflict] = useState(false);
  const touched = useRef<Set<string>>(new Set());
  const set = <K extends keyof Form>(key: K) => (value: Form[K]) => {
    touched.current.add(key);
    setForm((f) => ({ ...f, [key]: value }));
  };

  useEffect(() => {
    if (!id) {
      setForm(EMPTY);
      setVersion(null);
      setLoading(false);
      touched.current.clear();
      return;
    }
    let live = true;
    setLoading(true);
    frontendWebsiteunitGet({ website_unit_client_id: id }).then(
      ({ website_unit }) => {
        if (!live) return;
        setForm(formOf(website_unit));
        setVersion(website_unit.version ?? 1);
        setConflict(false);
        setLoading(false);
        touched.current = new Set(['route_name', 'path_en', 'path_tr']);
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
  }, [id, reloadTick]);

  // A new unit's route name and paths follow its captions until they are typed by hand.
  const setCaption = (l: 'en' | 'tr') => (value: string) =>
    setForm((f) => {
      const next = { ...f, [`caption_${l}`]: value };
      if (!id && !touched.current.has(`path_${l}`)) next[`path_${l}`] = slug(value) ? `/${slug(value)}` : '';
      if (!id && l === 'en' && !touched.current.has('route_name')) {
        const name = slug(value, '_');
        next.route_name = name && /^[a-z]/.test(name) ? name.slice(0, 100) : '';
      }
      return next;
    });

  // Parents: every page of the site but this unit and the units under it.
  const parentOptions = useMemo(() => {
    const own = units.find((u) => u.website_unit_client_id === id)?.route_name;
    const below = new Set<string>(own ? [own] : []);
    let grew = true;
    while (grew) {
      grew = false;
      for (const u of units)
        if (u.parent && below.has(u.parent) && !below.has(u.route_name)) {
          below.add(u.route_name);
          grew = true;
        }
    }
    return pages.filter((p) => !below.has(p.route_name) && !p.iframe_mode).map((p) => ({ value: p.route_name, label: `${p.caption[lang]} (${p.route_name})` }));
  }, [pages, units, id, lang]);

  const check = (): Partial<Record<keyof Form | 'content', string>> => {
    const e: Partial<Record<keyof Form | 'content', string>> = {};
    const own = units.find((u) => u.website_unit_client_id === id);
    if (!form.route_name.trim()) e.route_name = t('validation.fillAllInputs');
    else if (!ROUTE_NAME.test(form.route_name.trim())) e.route_name = t('website.routeNameFormat');
    if (!form.path_en.trim() && !form.path_tr.trim()) e.path_en = t('website.pathRequired');
    for (const key of ['path_en', 'path_tr'] as const) {
      const v = form[key].trim();
      if (!v) continue;
      if (!PATH.test(v)) e[key] = t('website.pathFormat');
      else {
        const owner = pages.find((p) => p.route_name !== own?.route_name && pathsOf(p).includes(v));
        if (owner) e[key] = t('website.pathTaken', { path: v, page: owner.caption[lang] });
      }
    }
    if (!form.caption_en.trim() || !form.caption_tr.trim()) {
      if (!form.caption_en.trim()) e.caption_en = t('validation.fillAllInputs');
      if (!form.caption_tr.trim()) e.caption_tr = t('validation.fillAllInputs');
    }
    const position = Number(form.position);
    if (!/^\d+$/.test(form.position.trim()) || position > 10_000) e.position = t('website.positionFormat');
    if (form.kind === 'text' && Boolean(form.text_en.trim()) !== Boolean(form.text_tr.trim())) e.content = t('website.textBothLanguages');
    if (form.kind === 'screen' && !form.screen_id) e.screen_id = t('website.screenRequired');
    if (form.kind === 'screen') {
      const { values, bad } = parseParams(form.screen_params);
      if (bad.length || Object.keys(values).length > 10) e.screen_params = t('website.screenParamsFormat', { lines: bad.join(', ') });
    }
    if (form.kind === 'frame') {
      if (!originOf(form.url.trim())) e.url = t('website.urlFormat');
      else if (!frameAllowed(form.url.trim(), allowlist)) e.url = t('website.frameNotAllowed', { origin: originOf(form.url.trim()) });
    }
    return e;
  };

  const onSubmit = async (ev: FormEvent) => {
    ev.preventDefault();
    setResult(null);
    setConflict(false);
    const found = check();
    setErrors(found);
    if (Object.keys(found).length) {
      focusFirstInvalid(formRef.current);
      return;
    }
    const unit = unitOf(form);
    setBusy(true);
    try {
      const answer =
        id && version !== null
          ? await frontendWebsiteUnitUpdate({ website_unit: { ...unit, website_unit_client_id: id, version } })
          : await frontendWebsiteunitNew({ website_unit: unit });
      const saved = answer.website_unit;
      applyWebsiteUnit(saved);
      setForm(formOf(saved));
      setVersion(saved.version ?? 1);
      const trimmed = form.kind === 'rich_text' && saved.content?.kind === 'rich_text' && (saved.content.html.en !== form.html_en.trim() || saved.content.html.tr !== form.html_tr.trim());
      setResult({
        kind: 'success',
        text: (
          <>
            {id ? t('website.unitSaved', { version: saved.version }) : t('website.unitCreated')} {trimmed && t('website.htmlCleaned')}
          </>
        ),
      });
      if (!id && saved.website_unit_client_id) navigate(`?${new URLSearchParams({ id: saved.website_unit_client_id })}`, { replace: true });
    } catch (err) {
      setResult({ kind: 'error', text: errorText(err) });
      if (err instanceof ApiError) {
        if (err.status_code === '10030') setConflict(true);
        const fields: Partial<Record<keyof Form | 'content', string>> = {};
        for (const f of err.errors) {
          const key = fieldKey(f.field);
          if (key && !fields[key]) fields[key] = f.message;
        }
        setErrors(fields);
      }
      focusFirstInvalid(formRef.current);
    } finally {
      setBusy(false);
    }
  };

  const screenOptions = SCREEN_IDS.map((s) => ({ value: s, label: `${s} (${SCREEN_ENTITIES[s]})` }));

  return (
    <article className="page" aria-labelledby="page-title">
      <h1 id="page-title">{page.caption[lang]}</h1>
      <h2 id="form-title">{id ? t('website.editTitle', { version: version ?? '' }) : t('website.newTitle')}</h2>
      {listPath && (
        <p className="page__links">
          <Link to={listPath}>{t('website.backToList')}</Link>
        </p>
      )}
      {result && (
        <Notice kind={result.kind}>
          {result.text}
          {conflict && (
            <>
              {' '}
              <button type="button" className="button button--secondary button--small" onClick={() => setReloadTick((n) => n + 1)}>
                {t('website.loadLatest')}
              </button>
            </>
          )}
        </Notice>
      )}
      {loading ? (
        <p role="status">{t('app.loading')}</p>
      ) : (
        <form ref={formRef} className="form form--wide" noValidate onSubmit={onSubmit} aria-labelledby="form-title">
          <fieldset className="fieldset">
            <legend>{t('website.pageSection')}</legend>
            <div className="form__row">
              <TextField label={t('website.captionTr')} lang="tr" required maxLength={200} value={form.caption_tr} onValue={setCaption('tr')} error={errors.caption_tr} />
              <TextField label={t('website.captionEn')} lang="en" required maxLength={200} value={form.caption_en} onValue={setCaption('en')} error={errors.caption_en} />
            </div>
            <div className="form__row">
              <TextField label={t('website.pathTr')} value={form.path_tr} onValue={set('path_tr')} error={errors.path_tr} hint={t('website.pathHint')} spellCheck={false} maxLength={200} />
              <TextField label={t('website.pathEn')} value={form.path_en} onValue={set('path_en')} error={errors.path_en} hint={t('website.pathHint')} spellCheck={false} maxLength={200} />
            </div>
            <TextField
              label={t('website.routeName')}
              required
              value={form.route_name}
              onValue={set('route_name')}
              error={errors.route_name}
              hint={t('website.routeNameHint')}
              spellCheck={false}
              maxLength={100}
            />
          </fieldset>

          <fieldset className="fieldset">
            <legend>{t('website.menuSection')}</legend>
            <div className="icon-picker">
              <span className="icon-picker__current" aria-hidden="true">
                <Icon name={form.icon || undefined} />
              </span>
              <SelectField
                label={t('website.icon')}
                value={form.icon}
                placeholder={t('website.noIcon')}
                options={ICON_NAMES.map((n) => ({ value: n, label: n }))}
                onValue={set('icon')}
                error={errors.icon}
              />
              {iconListPath && <Link to={iconListPath}>{t('website.seeIcons')}</Link>}
            </div>
            <div className="form__row">
              <SelectField label={t('website.parent')} value={form.parent} placeholder={t('website.topLevel')} options={parentOptions} onValue={set('parent')} error={errors.parent} />
              <TextField label={t('website.position')} inputMode="numeric" value={form.position} onValue={set('position')} error={errors.position} hint={t('website.positionHint')} />
              <SelectField
                label={t('website.clickType')}
                value={form.click_type}
                options={(['route', 'expand'] as const).map((c) => ({ value: c, label: t(`website.click.${c}`) }))}
                onValue={(v) => set('click_type')(v as ClickType)}
              />
            </div>
            <CheckboxField label={t('website.showInMenu')} checked={form.show_in_menu} onChecked={set('show_in_menu')} />
            <CheckboxField label={t('website.dashboard')} hint={t('website.dashboardHint')} checked={form.is_dashboard} onChecked={set('is_dashboard')} />
            <CheckboxField label={t('website.login')} checked={form.login} onChecked={set('login')} />
            <CheckboxField label={t('website.shopActive')} checked={form.shop_active} onChecked={set('shop_active')} />
          </fieldset>

          <fieldset className="fieldset" aria-describedby="auth-hint">
            <legend>{t('website.authList')}</legend>
            <p id="auth-hint" className="field__hint">
              {t('website.authHint')}
            </p>
            <div className="auth-picker">
              {AUTH_CODES.map((code) => (
                <CheckboxField
                  key={code}
                  label={t(`authCode.${code}`)}
                  checked={form.auth.includes(code)}
                  onChecked={(on) => set('auth')(on ? [...form.auth, code] : form.auth.filter((c) => c !== code))}
                />
              ))}
            </div>
            {errors.auth && <p className="field__error">{errors.auth}</p>}
          </fieldset>

          <fieldset className="fieldset">
            <legend>{t('website.contentSection')}</legend>
            <fieldset className="radio-group">
              <legend className="visually-hidden">{t('website.contentKind')}</legend>
              {KINDS.map((k) => (
                <label key={k}>
                  <input type="radio" name="content_kind" value={k} checked={form.kind === k} onChange={() => set('kind')(k)} />
                  {t(`website.kind.${k}`)}
                </label>
              ))}
            </fieldset>
            {form.kind === 'text' && (
              <div className="form__row">
                <TextAreaField label={t('website.textTr')} lang="tr" value={form.text_tr} onValue={set('text_tr')} maxLength={10000} />
                <TextAreaField label={t('website.textEn')} lang="en" value={form.text_en} onValue={set('text_en')} maxLength={10000} />
              </div>
            )}
            {form.kind === 'rich_text' && (
              <>
                <p className="field__hint">{t('website.richTextHint')}</p>
                <HtmlEditor label={t('website.htmlTr')} lang="tr" value={form.html_tr} onChange={set('html_tr')} error={errors.html_tr} />
                <HtmlEditor label={t('website.htmlEn')} lang="en" value={form.html_en} onChange={set('html_en')} error={errors.html_en} />
              </>
            )}
            {form.kind === 'screen' && (
              <div className="form__row">
                <SelectField
                  label={t('website.screen')}
                  required
                  value={form.screen_id}
                  placeholder={t('common.choose')}
                  options={screenOptions}
                  onValue={set('screen_id')}
                  error={errors.screen_id}
                />
                <SelectField
                  label={t('website.screenView')}
                  value={form.screen_view}
                  options={(['list', 'record'] as const).map((v) => ({ value: v, label: t(`website.view.${v}`) }))}
                  onValue={(v) => set('screen_view')(v as 'list' | 'record')}
                />
                <TextAreaField
                  label={t('website.screenParams')}
                  hint={t('website.screenParamsHint')}
                  rows={3}
                  spellCheck={false}
                  value={form.screen_params}
                  onValue={set('screen_params')}
                  error={errors.screen_params}
                />
              </div>
            )}
            {form.kind === 'frame' && (
              <TextField
                label={t('website.frameUrl')}
                type="url"
                inputMode="url"
                required
                maxLength={2000}
                value={form.url}
                onValue={set('url')}
                error={errors.url}
                hint={(allowlist ?? []).length ? t('website.frameUrlHint', { origins: (allowlist ?? []).join(', ') }) : t('website.frameNoOrigins')}
              />
            )}
            {errors.content && <p className="field__error">{errors.content}</p>}
          </fieldset>

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

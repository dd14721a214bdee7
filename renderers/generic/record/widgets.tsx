// Our form widgets and fields for rjsf, each with the tester that ranks it for a field's schema (JSON Forms
// style). buildUiSchema picks the best one per field; rjsf then renders it. A widget renders one value;
// a field (bilingual text, prices per currency, auth codes, a oneOf told apart by a const, rich text, name=value
// lines) renders a whole object or list. Some are only chosen by name (a screen's `widget` hint): an icon, a
// page of the site, a generic screen, an address to frame.
import { useEffect, useId, useMemo, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { errorId, helpId, localToUTC, toFieldPathId, utcToLocal, type FieldProps, type RegistryFieldsType, type RegistryWidgetsType, type WidgetProps } from '@rjsf/utils';
import { Icon, ICON_NAMES } from '../../../src/app/layout/icons';
import { useAccess, useActiveLabel, useLanguageOrder, usePages } from '../../../src/app/router/hooks';
import { holdsAuth, pathOf, type AccessContext } from '../../../src/app/router/catalogue';
import { frameAllowed, originOf } from '../../../src/app/router/units';
import { useAppStore } from '../../../src/app/store';
import { CURRENCIES, formatMinor, inputToMinor, minorToInput } from '../../../src/domain/money';
import { audienceGaps, type PageAccessFields } from '../../../src/domain/page-access';
import { discriminatorOf, labelOf, type JsonSchema, type PickerSource, type ResolvedScreen } from '../../../src/domain/screen';
import { AUTH_CODES } from '../../../src/domain/auth-codes';
import { and, hasEnum, hasRef, nameMatches, NOT_APPLICABLE, or, rankWith, schemaMatches, schemaTypeIs, formatIs, type TesterContext } from '../rank';
import { enumLabel } from '../cells';
import { pickerFromScreen, ReferencePicker, type PickerConfig } from '../ReferencePicker';
import { SCREEN_ENTITIES, SCREEN_IDS, screenById, screenIdOfEntity } from '../screens';
import { catalogueMessage, stableJson, type FormEntry } from './form';
import { HtmlEditor } from './HtmlEditor';
import '../strings';
import { useAuthCodeLabel } from '../../../src/app/ui';

/** What widgets may read besides their value: the screen (its routes for pickers), its parameters, the user, the loaded record. */
export interface FormContext {
  screen: ResolvedScreen;
  params: Record<string, string | undefined>;
  access: AccessContext;
  /** The record as loaded (edit), for widgets that must not offer it (a page cannot be its own parent). */
  record?: Record<string, unknown>;
  /** The form's values now, for widgets that depend on other fields (a unit's screen on its login and auth list). */
  formData?: Record<string, unknown>;
}

const describedBy = (id: string, rawErrors?: string[], help?: boolean) =>
  [rawErrors?.length ? errorId(id) : null, help ? helpId(id) : null].filter(Boolean).join(' ') || undefined;

const inputProps = (p: WidgetProps) => ({
  id: p.id,
  name: p.htmlName ?? p.id,
  className: 'field__input',
  disabled: p.disabled,
  readOnly: p.readonly,
  required: false, // our checks, not the browser's (noHtml5Validate)
  'aria-required': p.required || undefined,
  'aria-invalid': p.rawErrors?.length ? true : undefined,
  'aria-describedby': describedBy(p.id, p.rawErrors, Boolean(p.uiSchema?.['ui:help'])),
  onBlur: () => p.onBlur(p.id, p.value),
  onFocus: () => p.onFocus(p.id, p.value),
});

const emptyToUndefined = (v: string) => (v === '' ? undefined : v);

function TextWidget(p: WidgetProps) {
  return (
    <input
      {...inputProps(p)}
      type={p.schema.format === 'email' ? 'email' : 'text'}
      maxLength={p.schema.maxLength}
      value={p.value ?? ''}
      onChange={(e) => p.onChange(emptyToUndefined(e.target.value))}
    />
  );
}

function TextareaWidget(p: WidgetProps) {
  return (
    <textarea
      {...inputProps(p)}
      rows={(p.options.rows as number | undefined) ?? 4}
      maxLength={p.schema.maxLength}
      value={p.value ?? ''}
      onChange={(e) => p.onChange(emptyToUndefined(e.target.value))}
    />
  );
}

function NumberWidget(p: WidgetProps) {
  const integer = p.schema.type === 'integer';
  const [text, setText] = useState(p.value === undefined || p.value === null ? '' : String(p.value));
  useEffect(() => {
    if (Number(text.replace(',', '.')) !== p.value) setText(p.value === undefined || p.value === null || Number.isNaN(p.value) ? (Number.isNaN(p.value) ? text : '') : String(p.value));
  }, [p.value]);
  return (
    <input
      {...inputProps(p)}
      type="text"
      inputMode={integer ? 'numeric' : 'decimal'}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        const v = e.target.value.trim().replace(',', '.');
        p.onChange(v === '' ? undefined : /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : Number.NaN);
      }}
    />
  );
}

function SelectWidget(p: WidgetProps) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const values = (p.schema.enum ?? []) as unknown[];
  const index = values.indexOf(p.value);
  return (
    <select
      {...inputProps(p)}
      disabled={p.disabled || p.readonly}
      value={index >= 0 ? String(index) : ''}
      onChange={(e: ChangeEvent<HTMLSelectElement>) => p.onChange(e.target.value === '' ? undefined : values[Number(e.target.value)])}
    >
      <option value="">{t('common.choose')}</option>
      {values.map((v, i) => (
        <option key={String(v)} value={String(i)}>
          {enumLabel(p.schema as JsonSchema, v, lang)}
        </option>
      ))}
    </select>
  );
}

function CheckboxWidget(p: WidgetProps) {
  return (
    <span className="field--checkbox record-form__checkbox">
      <input
        {...inputProps(p)}
        className={undefined}
        type="checkbox"
        checked={p.value === true}
        disabled={p.disabled || p.readonly}
        onChange={(e) => p.onChange(e.target.checked)}
      />
      <label htmlFor={p.id} className="field__label">
        {p.label}
        {p.required && (
          <span className="field__required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
    </span>
  );
}

function DateWidget(p: WidgetProps) {
  return <input {...inputProps(p)} type="date" value={p.value ?? ''} onChange={(e) => p.onChange(emptyToUndefined(e.target.value))} />;
}

function DateTimeWidget(p: WidgetProps) {
  return (
    <input
      {...inputProps(p)}
      type="datetime-local"
      value={p.value ? utcToLocal(p.value) : ''}
      onChange={(e) => p.onChange(e.target.value ? localToUTC(e.target.value) : undefined)}
    />
  );
}

/** An amount in integer minor units, typed in major units ("1.499,90"). */
function MoneyWidget(p: WidgetProps) {
  const lang = useActiveLabel();
  const currency = p.options.currency as number | undefined;
  const [text, setText] = useState(() => minorToInput(p.value, currency, lang));
  useEffect(() => {
    if (inputToMinor(text, currency) !== p.value && !Number.isNaN(p.value)) setText(minorToInput(p.value, currency, lang));
  }, [p.value, lang]);
  return (
    <input
      {...inputProps(p)}
      type="text"
      inputMode="decimal"
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        p.onChange(inputToMinor(e.target.value, currency) ?? undefined);
      }}
      onBlur={() => {
        if (typeof p.value === 'number' && Number.isFinite(p.value)) setText(minorToInput(p.value, currency, lang));
        p.onBlur(p.id, p.value);
      }}
    />
  );
}

/** A *_client_id (x-ref) chosen by searching the referenced records: the screen's picker, else the referenced entity's screen. */
function ReferenceWidget(p: WidgetProps) {
  const { t } = useTranslation();
  const ctx = p.registry.formContext as FormContext;
  const hint = p.options.picker as PickerSource | undefined;
  const entity = p.schema['x-ref'] as string;
  const [config, setConfig] = useState<PickerConfig | null | undefined>(() => pickerFromHint(hint, ctx));
  const [valueLabel, setValueLabel] = useState<string | undefined>();
  useEffect(() => {
    if (hint) return;
    const id = screenIdOfEntity(entity);
    if (!id) {
      setConfig(null);
      return;
    }
    let live = true;
    screenById(id).then(
      (s) => live && setConfig((s && pickerFromScreen(s, { ...ctx.params })) ?? null),
      () => live && setConfig(null),
    );
    return () => {
      live = false;
    };
  }, [entity]);
  if (config === null || p.readonly || p.disabled) return <TextWidget {...p} />;
  if (!config)
    return (
      <p role="status" className="field__hint">
        {t('app.loading')}
      </p>
    );
  return (
    <div id={p.id} tabIndex={-1}>
      <ReferencePicker
        config={config}
        label={p.label}
        value={p.value}
        valueLabel={valueLabel}
        invalid={Boolean(p.rawErrors?.length)}
        describedBy={describedBy(p.id, p.rawErrors)}
        onPick={(o) => {
          setValueLabel(o.label);
          p.onChange(o.value);
        }}
        onClear={
          p.required
            ? undefined
            : () => {
                setValueLabel(undefined);
                p.onChange(undefined);
              }
        }
      />
    </div>
  );
}

function pickerFromHint(hint: PickerSource | undefined, ctx: FormContext): PickerConfig | undefined {
  if (!hint) return undefined;
  const route = ctx.screen.route_table[hint.route];
  if (!route) return undefined;
  const input: Record<string, unknown> = {};
  for (const k of Object.keys(route.request.properties ?? {})) if (ctx.params[k]) input[k] = ctx.params[k];
  return { route, items: hint.items, item_record: hint.item_record, value: hint.value, label: hint.label, min_search: hint.min_search, input };
}

const extensionOf = (name: string) => (name.includes('.') ? name.split('.').pop()!.toLowerCase() : '');

/** A file sent as a data: URL, with the spec's type and size limits checked before it is read. */
function FileWidget(p: WidgetProps) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const accept = (p.options.accept as string[] | undefined) ?? [];
  const maxBytes = (p.options.max_bytes as number | undefined) ?? (p.schema.maxLength ? Math.floor((p.schema.maxLength * 3) / 4) : undefined);
  const [name, setName] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const hintId = `${p.id}-limits`;
  const limits = [accept.length ? t('screen.fileTypes', { types: accept.join(', ') }) : null, maxBytes ? (maxBytes < 1048576 ? t('screen.fileSizeKb', { size: Math.max(1, Math.round(maxBytes / 1024)) }) : t('screen.fileSize', { size: Math.round(maxBytes / 1048576) })) : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className="record-form__file">
      <input
        {...inputProps(p)}
        className="field__file"
        type="file"
        accept={accept.map((a) => `.${a}`).join(',') || undefined}
        aria-invalid={problem || p.rawErrors?.length ? true : undefined}
        aria-describedby={[problem ? `${p.id}-problem` : null, limits ? hintId : null, describedBy(p.id, p.rawErrors)].filter(Boolean).join(' ') || undefined}
        onChange={(e) => {
          const file = e.target.files?.[0];
          setProblem(null);
          if (!file) return;
          if (accept.length && !accept.includes(extensionOf(file.name))) {
            setProblem(catalogueMessage('file_extension_not_eligible', lang));
            p.onChange(undefined);
            return;
          }
          if (maxBytes && file.size > maxBytes) {
            setProblem(catalogueMessage('file_size_not_eligible', lang));
            p.onChange(undefined);
            return;
          }
          const reader = new FileReader();
          reader.onload = () => {
            setName(file.name);
            p.onChange(String(reader.result));
          };
          reader.onerror = () => setProblem(catalogueMessage('invalid_file_type', lang));
          reader.readAsDataURL(file);
        }}
      />
      {limits && (
        <p id={hintId} className="field__hint">
          {limits}
        </p>
      )}
      {(name || p.value) && <p className="field__hint">{name ? t('screen.fileChosen', { name }) : t('screen.fileKept')}</p>}
      {problem && (
        <p id={`${p.id}-problem`} className="field__error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}

// --- Fields (whole objects and lists).

function FieldFrame({ id, label, required, rawErrors, children }: { id: string; label: string; required?: boolean; rawErrors?: string[]; children: ReactNode }) {
  return (
    <fieldset className="fieldset record-form__group" id={id} aria-describedby={rawErrors?.length ? errorId(id) : undefined}>
      <legend className="field__label">
        {label}
        {required && (
          <span className="field__required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </legend>
      {children}
    </fieldset>
  );
}

const childErrors = (errorSchema: unknown, key: string | number): string[] =>
  ((errorSchema as Record<string, { __errors?: string[] }> | undefined)?.[key]?.__errors ?? []).filter(Boolean);

/** A text in every language of the product ({tr, en}); a text area per language with the `rows` hint. */
function BilingualField(p: FieldProps) {
  const { t } = useTranslation();
  const id = p.fieldPathId.$id;
  const rows = (p.uiSchema?.['ui:options'] as { rows?: number } | undefined)?.rows;
  const inputOf = (lang: 'tr' | 'en', errors: string[]) => ({
    id: `${id}_${lang}`,
    lang,
    className: 'field__input',
    value: value[lang] ?? '',
    disabled: p.disabled,
    readOnly: p.readonly,
    maxLength: (p.schema.properties?.[lang] as JsonSchema | undefined)?.maxLength,
    'aria-invalid': errors.length ? true : undefined,
    'aria-describedby': errors.length ? `${id}_${lang}__error` : undefined,
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set(lang, e.target.value),
  });
  const value = (p.formData ?? {}) as Record<string, string | undefined>;
  const label = (p.uiSchema?.['ui:title'] as string | undefined) ?? p.name;
  const set = (lang: 'tr' | 'en', text: string) => {
    const next = { ...value, [lang]: text || undefined };
    p.onChange(next.tr === undefined && next.en === undefined ? undefined : next, p.fieldPathId.path);
  };
  return (
    <FieldFrame id={id} label={label} required={p.required} rawErrors={p.rawErrors}>
      {(['tr', 'en'] as const).map((lang) => {
        const errors = childErrors(p.errorSchema, lang);
        return (
          <div className="field" key={lang}>
            <label htmlFor={`${id}_${lang}`} className="field__label">
              {t(`screen.lang.${lang}`)}
            </label>
            {rows ? <textarea {...inputOf(lang, errors)} rows={rows} /> : <input {...inputOf(lang, errors)} />}
            {errors.length > 0 && (
              <p id={`${id}_${lang}__error`} className="field__error">
                {errors.join(' ')}
              </p>
            )}
          </div>
        );
      })}
    </FieldFrame>
  );
}

/** Prices per currency (currency_amount_list): one amount per currency, in major units; empty = not sold in it. */
function MoneyListField(p: FieldProps) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const id = p.fieldPathId.$id;
  const list = (Array.isArray(p.formData) ? p.formData : []).filter((e) => e && typeof e === 'object' && 'currency_type' in e) as { currency_type: number; amount: number }[];
  const itemSchema = (p.schema.items ?? {}) as JsonSchema;
  const currencySchema = itemSchema.properties?.currency_type ?? {};
  const currencies = ((currencySchema.enum as number[] | undefined) ?? Object.keys(CURRENCIES).map(Number)).filter((c) => CURRENCIES[c]);
  const label = (p.uiSchema?.['ui:title'] as string | undefined) ?? p.name;
  const [texts, setTexts] = useState<Record<number, string>>(() => Object.fromEntries(list.map((e) => [e.currency_type, minorToInput(e.amount, e.currency_type, lang)])));
  const listKey = JSON.stringify(list);
  useEffect(() => {
    setTexts((prev) => {
      const next = { ...prev };
      for (const c of currencies) {
        const entry = list.find((e) => e.currency_type === c);
        if (inputToMinor(prev[c] ?? '', c) !== (entry?.amount ?? null) && !Number.isNaN(entry?.amount)) next[c] = minorToInput(entry?.amount, c, lang);
      }
      return next;
    });
  }, [listKey, lang]);
  const set = (currency: number, text: string) => {
    setTexts((prev) => ({ ...prev, [currency]: text }));
    const amount = inputToMinor(text, currency);
    const rest = list.filter((e) => e.currency_type !== currency);
    const next = amount === null ? rest : [...rest, { currency_type: currency, amount }];
    next.sort((a, b) => a.currency_type - b.currency_type);
    p.onChange(next.length ? next : undefined, p.fieldPathId.path);
  };
  return (
    <FieldFrame id={id} label={label} required={p.required} rawErrors={p.rawErrors}>
      <p className="field__hint" id={`${id}-hint`}>
        {t('screen.priceHint')}
      </p>
      {currencies.map((c) => {
        const index = list.findIndex((e) => e.currency_type === c);
        const errors = index >= 0 ? [...childErrors((p.errorSchema as Record<number, unknown> | undefined)?.[index], 'amount'), ...childErrors(p.errorSchema, index)] : [];
        const entry = index >= 0 ? list[index] : undefined;
        return (
          <div className="field" key={c}>
            <label htmlFor={`${id}_${c}`} className="field__label">
              {enumLabel(currencySchema, c, lang)}
            </label>
            <input
              id={`${id}_${c}`}
              className="field__input"
              inputMode="decimal"
              value={texts[c] ?? ''}
              disabled={p.disabled}
              readOnly={p.readonly}
              aria-invalid={errors.length ? true : undefined}
              aria-describedby={[`${id}-hint`, errors.length ? `${id}_${c}__error` : null].filter(Boolean).join(' ')}
              onChange={(e) => set(c, e.target.value)}
            />
            {entry && Number.isFinite(entry.amount) && <span className="field__hint">{formatMinor(entry.amount, c, lang)}</span>}
            {errors.length > 0 && (
              <p id={`${id}_${c}__error`} className="field__error">
                {errors.join(' ')}
              </p>
            )}
          </div>
        );
      })}
    </FieldFrame>
  );
}

/** Auth codes with their names in the user's language: a list of codes, or the comma-separated text of page auth lists. */
function AuthCodesField(p: FieldProps) {
  const authName = useAuthCodeLabel();
  const lang = useActiveLabel();
  const id = p.fieldPathId.$id;
  const isText = p.schema.type === 'string';
  const single = !isText && p.schema.type !== 'array';
  const enumSchema = ((p.schema.type === 'array' ? p.schema.items : p.schema) ?? {}) as JsonSchema;
  const codes = (Array.isArray(enumSchema.enum) ? enumSchema.enum : AUTH_CODES) as string[];
  const label = (p.uiSchema?.['ui:title'] as string | undefined) ?? p.name;
  const selected = useMemo(
    () => (isText ? String(p.formData ?? '').split(',').filter(Boolean) : Array.isArray(p.formData) ? (p.formData as string[]) : p.formData ? [String(p.formData)] : []),
    [p.formData, isText],
  );
  const nameOf = (code: string) => (Array.isArray(enumSchema.enum) ? enumLabel(enumSchema, code, lang) : authName(code));
  const toggle = (code: string) => {
    const next = single ? [code] : selected.includes(code) ? selected.filter((c) => c !== code) : codes.filter((c) => c === code || selected.includes(c));
    p.onChange(isText ? next.join(',') : single ? next[0] : next.length ? next : undefined, p.fieldPathId.path);
  };
  const group = useId();
  return (
    <FieldFrame id={id} label={label} required={p.required} rawErrors={p.rawErrors}>
      <div className="record-form__choices">
        {codes.map((code) => (
          <label key={code} className="record-form__choice">
            <input
              type={single ? 'radio' : 'checkbox'}
              name={group}
              value={code}
              checked={selected.includes(code)}
              disabled={p.disabled || p.readonly}
              onChange={() => toggle(code)}
            />{' '}
            {nameOf(code)}
          </label>
        ))}
      </div>
    </FieldFrame>
  );
}

/** An icon of the app's set (menu entries), with its picture beside the choice and a link to every icon. */
function IconWidget(p: WidgetProps) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const order = useLanguageOrder();
  const pages = usePages();
  const access = useAccess();
  const iconPage = pages.find((page) => page.route_view === 'IconList' && holdsAuth(page, access));
  const names = p.value && !ICON_NAMES.includes(p.value) ? [p.value as string, ...ICON_NAMES] : ICON_NAMES;
  return (
    <div className="icon-picker">
      <span className="icon-picker__current" aria-hidden="true">
        <Icon name={p.value || undefined} />
      </span>
      <select {...inputProps(p)} disabled={p.disabled || p.readonly} value={p.value ?? ''} onChange={(e) => p.onChange(emptyToUndefined(e.target.value))}>
        <option value="">{t('screen.noIcon')}</option>
        {names.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
      {iconPage && <Link to={pathOf(iconPage, lang, order)}>{t('screen.seeIcons')}</Link>}
    </div>
  );
}

/** A page of the site by route name (a menu parent): never the record itself or a page under it, nor a frame-mode page. */
function PageWidget(p: WidgetProps) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const pages = usePages();
  const own = (p.registry.formContext as FormContext).record?.route_name as string | undefined;
  const options = useMemo(() => {
    const below = new Set<string>(own ? [own] : []);
    for (let grew = true; grew; ) {
      grew = false;
      for (const page of pages)
        if (page.parent && below.has(page.parent) && !below.has(page.route_name)) {
          below.add(page.route_name);
          grew = true;
        }
    }
    return pages.filter((page) => !below.has(page.route_name) && !page.iframe_mode).map((page) => ({ value: page.route_name, label: `${labelOf(page.caption, lang)} (${page.route_name})` }));
  }, [pages, own, lang]);
  const missing = p.value && !options.some((o) => o.value === p.value);
  return (
    <select {...inputProps(p)} disabled={p.disabled || p.readonly} value={p.value ?? ''} onChange={(e) => p.onChange(emptyToUndefined(e.target.value))}>
      <option value="">{t('screen.topLevel')}</option>
      {missing && <option value={p.value}>{p.value}</option>}
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

/** A generic screen by id (schemas/screens), named with the entity it shows; warns when the page's audience cannot read it. */
function ScreenWidget(p: WidgetProps) {
  const { t } = useTranslation();
  const gap = useAudienceGap(typeof p.value === 'string' ? p.value : undefined, p.registry.formContext as FormContext);
  return (
    <>
      <select
        {...inputProps(p)}
        aria-describedby={[describedBy(p.id, p.rawErrors, Boolean(p.uiSchema?.['ui:help'])), gap ? `${p.id}-audience` : null].filter(Boolean).join(' ') || undefined}
        disabled={p.disabled || p.readonly}
        value={p.value ?? ''}
        onChange={(e) => p.onChange(emptyToUndefined(e.target.value))}
      >
        <option value="">{t('common.choose')}</option>
        {SCREEN_IDS.map((id) => (
          <option key={id} value={id}>
            {`${id} (${SCREEN_ENTITIES[id]})`}
          </option>
        ))}
      </select>
      {gap && (
        <p id={`${p.id}-audience`} className="field__warning" role="status">
          {gap}
        </p>
      )}
    </>
  );
}

/**
 * Who may open the page (its login flag and auth list, as the form has them now) but not read the chosen
 * screen's records (its list route, or get route for a record view): the warning to show, or null.
 */
function useAudienceGap(screenId: string | undefined, ctx: FormContext): string | null {
  const { t } = useTranslation();
  const authName = useAuthCodeLabel();
  const [screen, setScreen] = useState<ResolvedScreen | undefined>();
  useEffect(() => {
    let live = true;
    setScreen(undefined);
    if (screenId) screenById(screenId).then((s) => live && setScreen(s), () => undefined);
    return () => {
      live = false;
    };
  }, [screenId]);
  const page = (ctx.formData ?? {}) as PageAccessFields & { content?: { screen?: { view?: string } } };
  const routeName = screen && (page.content?.screen?.view === 'record' ? (screen.routes.get ?? screen.routes.new) : screen.routes.list);
  const route = routeName ? screen?.route_table[routeName] : undefined;
  if (!route) return null;
  const gaps = audienceGaps(page, route);
  const auths = route.auth_codes.map((c) => authName(c)).join(t('screen.orSeparator'));
  const lines = [
    gaps.login ? t('screen.audienceLogin') : null,
    gaps.anyone ? t('screen.audienceAnyone', { auths }) : null,
    gaps.codes.length ? t('screen.audienceCodes', { codes: gaps.codes.map((c) => authName(c)).join(t('screen.orSeparator')), auths }) : null,
  ].filter(Boolean);
  return lines.length ? lines.join(' ') : null;
}

/** An address to show in a frame: the site's frame allow-list beside it, and a warning while its origin is not on it (the server refuses it). */
function FramedUrlWidget(p: WidgetProps) {
  const { t } = useTranslation();
  const allowlist = useAppStore((s) => s.configuration.settings?.frame_allowlist);
  const origins = allowlist ?? [];
  const value = typeof p.value === 'string' ? p.value.trim() : '';
  const origin = value ? originOf(value) : null;
  const refused = origin && !frameAllowed(value, origins) ? origin : null;
  return (
    <>
      <input
        {...inputProps(p)}
        type="url"
        inputMode="url"
        spellCheck={false}
        maxLength={p.schema.maxLength}
        value={p.value ?? ''}
        aria-describedby={[describedBy(p.id, p.rawErrors, Boolean(p.uiSchema?.['ui:help'])), `${p.id}-origins`, refused ? `${p.id}-refused` : null].filter(Boolean).join(' ')}
        onChange={(e) => p.onChange(emptyToUndefined(e.target.value))}
      />
      <p id={`${p.id}-origins`} className="field__hint">
        {origins.length ? t('screen.frameOrigins', { origins: origins.join(', ') }) : t('screen.frameNoOrigins')}
      </p>
      {refused && (
        <p id={`${p.id}-refused`} className="field__error">
          {t('screen.frameNotAllowed', { origin: refused })}
        </p>
      )}
    </>
  );
}

/** One of several shapes told apart by a const property (a unit's content by kind): radio buttons for the shape, then its fields. */
function OneOfField(p: FieldProps) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const group = useId();
  const id = p.fieldPathId.$id;
  const schema = p.schema as JsonSchema;
  const tag = discriminatorOf(schema) ?? '';
  const branches = (schema.oneOf as JsonSchema[] | undefined) ?? [];
  const value = (p.formData && typeof p.formData === 'object' ? p.formData : {}) as Record<string, unknown>;
  const index = branches.findIndex((b) => b.properties?.[tag]?.const === value[tag]);
  const branch = index >= 0 ? branches[index] : undefined;
  const label = (p.uiSchema?.['ui:title'] as string | undefined) ?? p.name;
  // What was typed in a shape is kept while another is chosen, and back when it is chosen again.
  const kept = useRef(new Map<unknown, Record<string, unknown>>());
  const choose = (i: number) => {
    if (branch) kept.current.set(value[tag], value);
    const next = branches[i].properties![tag].const;
    p.onChange((kept.current.get(next) ?? { [tag]: next }) as never, p.fieldPathId.path);
  };
  const { SchemaField } = p.registry.fields;
  return (
    <FieldFrame id={id} label={label} required={p.required} rawErrors={p.rawErrors}>
      <fieldset className="record-form__choices record-form__choices--inline">
        <legend className="field__label">{t('screen.choiceOf', { label })}</legend>
        {branches.map((b, i) => {
          const c = b.properties![tag].const;
          return (
            <label key={String(c)} className="record-form__choice">
              <input type="radio" name={group} value={String(c)} checked={i === index} disabled={p.disabled || p.readonly} onChange={() => choose(i)} /> {labelOf(b['x-label'], lang, String(c))}
            </label>
          );
        })}
      </fieldset>
      {branch &&
        Object.entries(branch.properties ?? {})
          .filter(([k]) => k !== tag)
          .map(([k, s]) => (
            <SchemaField
              key={`${String(value[tag])}.${k}`}
              name={k}
              schema={s as never}
              uiSchema={(p.uiSchema as Record<string, never> | undefined)?.[k]}
              formData={value[k]}
              fieldPathId={toFieldPathId(k, p.registry.globalFormOptions, p.fieldPathId.path)}
              errorSchema={(p.errorSchema as Record<string, never> | undefined)?.[k]}
              required={branch.required?.includes(k)}
              onChange={p.onChange}
              onBlur={p.onBlur}
              onFocus={p.onFocus}
              registry={p.registry}
              disabled={p.disabled}
              readonly={p.readonly}
            />
          ))}
    </FieldFrame>
  );
}

/** HTML in every language ({tr, en}): an editor per language with a toolbar and a sandboxed preview. */
function RichTextField(p: FieldProps) {
  const { t } = useTranslation();
  const id = p.fieldPathId.$id;
  const value = (p.formData ?? {}) as Record<string, string | undefined>;
  const label = (p.uiSchema?.['ui:title'] as string | undefined) ?? p.name;
  const help = p.uiSchema?.['ui:help'] ? helpId(id) : undefined;
  return (
    <FieldFrame id={id} label={label} required={p.required} rawErrors={p.rawErrors}>
      {(['tr', 'en'] as const).map((lang) => (
        <HtmlEditor
          key={lang}
          id={`${id}_${lang}`}
          label={`${label} (${t(`screen.lang.${lang}`)})`}
          lang={lang}
          value={value[lang] ?? ''}
          disabled={p.disabled}
          readOnly={p.readonly}
          error={childErrors(p.errorSchema, lang).join(' ') || undefined}
          describedBy={help}
          onChange={(html) => p.onChange({ tr: value.tr ?? '', en: value.en ?? '', [lang]: html } as never, p.fieldPathId.path)}
        />
      ))}
    </FieldFrame>
  );
}

const KEY_VALUE = /^([a-z][a-z0-9_]*)\s*=\s*(\S.*)$/;

/** name=value lines as an object of texts; the lines that are not, by themselves. */
export function parseKeyValues(text: string): { values: Record<string, string>; bad: string[] } {
  const values: Record<string, string> = {};
  const bad: string[] = [];
  for (const line of text.split('\n').map((l) => l.trim()).filter(Boolean)) {
    const m = KEY_VALUE.exec(line);
    if (m) values[m[1]] = m[2].trim();
    else bad.push(line);
  }
  return { values, bad };
}

/** An object of texts by name (a screen's fixed parameters), typed as one name=value a line. */
function KeyValuesField(p: FieldProps) {
  const { t } = useTranslation();
  const id = p.fieldPathId.$id;
  const value = (p.formData && typeof p.formData === 'object' ? p.formData : {}) as Record<string, unknown>;
  const toText = (v: Record<string, unknown>) =>
    Object.entries(v)
      .map(([k, x]) => (k === x ? k : `${k}=${String(x ?? '')}`))
      .join('\n');
  const [text, setText] = useState(() => toText(value));
  const [left, setLeft] = useState(false);
  const valueKey = stableJson(value);
  const asValue = (s: string) => {
    const { values, bad } = parseKeyValues(s);
    // A line that is no name=value stays in the data as a name the schema refuses, so the form cannot be saved.
    return { ...values, ...Object.fromEntries(bad.map((b) => [b, b])) };
  };
  useEffect(() => {
    if (stableJson(asValue(text)) !== valueKey) setText(toText(value));
  }, [valueKey]);
  const { values, bad } = parseKeyValues(text);
  const max = p.schema.maxProperties as number | undefined;
  const problem = (left || (p.rawErrors?.length ?? 0) > 0) && (bad.length > 0 || (max !== undefined && Object.keys(values).length > max)) ? t('screen.keyValuesFormat', { max: max ?? '—', lines: bad.join(', ') }) : null;
  const label = (p.uiSchema?.['ui:title'] as string | undefined) ?? p.name;
  const described = [problem ? `${id}-problem` : null, p.rawErrors?.length ? errorId(id) : null, p.uiSchema?.['ui:help'] ? helpId(id) : null].filter(Boolean).join(' ');
  return (
    <>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <textarea
        id={id}
        className="field__input"
        rows={(p.uiSchema?.['ui:options'] as { rows?: number } | undefined)?.rows ?? 3}
        spellCheck={false}
        value={text}
        disabled={p.disabled}
        readOnly={p.readonly}
        aria-invalid={problem || p.rawErrors?.length ? true : undefined}
        aria-describedby={described || undefined}
        onBlur={() => setLeft(true)}
        onChange={(e) => {
          setText(e.target.value);
          const next = asValue(e.target.value);
          p.onChange((Object.keys(next).length ? next : undefined) as never, p.fieldPathId.path);
        }}
      />
      {problem && (
        <p id={`${id}-problem`} className="field__error">
          {problem}
        </p>
      )}
    </>
  );
}

// --- The registry.

export interface FormRenderer extends FormEntry {
  component: unknown;
}

const isBilingual = (s: JsonSchema) => {
  const keys = Object.keys(s.properties ?? {});
  return keys.length === 2 && keys.includes('en') && keys.includes('tr');
};
const isMoneyList = (s: JsonSchema) => Boolean(s.items?.properties?.currency_type && s.items.properties.amount);
const AUTH_SET = new Set<string>(AUTH_CODES);
const isAuthCodes = (s: JsonSchema) => {
  const e = (s.type === 'array' ? s.items?.enum : s.enum) as unknown[] | undefined;
  return (s.title === 'AuthCode' || s.items?.title === 'AuthCode' || (Array.isArray(e) && e.length > 1 && e.every((v) => AUTH_SET.has(String(v))))) as boolean;
};
const isDataUrl = (s: JsonSchema, ctx: TesterContext) => s.format === 'data-url' || (typeof s.pattern === 'string' && s.pattern.startsWith('^data:')) || Boolean(ctx.hints.accept);
const longText = (s: JsonSchema, ctx: TesterContext) => (s.maxLength ?? 0) > 500 || ctx.hints.rows !== undefined;
/** Only when a screen names it (`widget`). */
const byName = () => NOT_APPLICABLE;

/** Every form renderer: general ones score low, specific ones higher; a screen's `widget` hint names one outright. */
export const FORM_RENDERERS: FormRenderer[] = [
  { name: 'text', kind: 'widget', tester: rankWith(1, schemaTypeIs('string')), component: TextWidget },
  { name: 'textarea', kind: 'widget', tester: rankWith(2, and(schemaTypeIs('string'), longText)), component: TextareaWidget },
  { name: 'number', kind: 'widget', tester: rankWith(1, or(schemaTypeIs('integer'), schemaTypeIs('number'))), component: NumberWidget },
  { name: 'checkbox', kind: 'widget', tester: rankWith(1, schemaTypeIs('boolean')), component: CheckboxWidget },
  { name: 'select', kind: 'widget', tester: rankWith(3, hasEnum), component: SelectWidget },
  { name: 'date', kind: 'widget', tester: rankWith(3, formatIs('date')), component: DateWidget },
  { name: 'datetime', kind: 'widget', tester: rankWith(3, formatIs('date-time')), component: DateTimeWidget },
  { name: 'money', kind: 'widget', tester: rankWith(4, and(schemaTypeIs('integer'), nameMatches(/(^|_)amount$/))), component: MoneyWidget },
  { name: 'reference', kind: 'widget', tester: rankWith(4, and(schemaTypeIs('string'), hasRef)), component: ReferenceWidget },
  { name: 'file', kind: 'widget', tester: rankWith(5, and(schemaTypeIs('string'), isDataUrl)), component: FileWidget },
  { name: 'bilingual', kind: 'field', tester: rankWith(5, and(schemaTypeIs('object'), schemaMatches(isBilingual))), component: BilingualField },
  { name: 'money_list', kind: 'field', tester: rankWith(5, and(schemaTypeIs('array'), schemaMatches(isMoneyList))), component: MoneyListField },
  { name: 'auth_codes', kind: 'field', tester: rankWith(6, schemaMatches(isAuthCodes)), component: AuthCodesField },
  { name: 'one_of', kind: 'field', tester: rankWith(6, and(schemaTypeIs('object'), schemaMatches((s) => Boolean(discriminatorOf(s))))), component: OneOfField },
  { name: 'rich_text', kind: 'field', tester: byName, component: RichTextField },
  { name: 'key_values', kind: 'field', tester: byName, component: KeyValuesField },
  { name: 'icon', kind: 'widget', tester: byName, component: IconWidget },
  { name: 'page', kind: 'widget', tester: byName, component: PageWidget },
  { name: 'screen', kind: 'widget', tester: byName, component: ScreenWidget },
  { name: 'framed_url', kind: 'widget', tester: byName, component: FramedUrlWidget },
];

export const rjsfWidgets = Object.fromEntries(FORM_RENDERERS.filter((r) => r.kind === 'widget').map((r) => [r.name, r.component])) as RegistryWidgetsType;
export const rjsfFields = Object.fromEntries(FORM_RENDERERS.filter((r) => r.kind === 'field').map((r) => [r.name, r.component])) as RegistryFieldsType;

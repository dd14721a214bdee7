// Choosing a record of another entity by searching its list route: the reference picker of *_client_id
// fields (x-ref) and of a screen's missing parameters (which shop?). Plain buttons in a list, so it works
// the same with a keyboard, a screen reader and a mouse.
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../src/api/errors';
import { labelOf, routeInput, valueAt, type Bilingual, type JsonSchema, type Lang, type ResolvedScreen, type ScreenRoute } from '../../src/domain/screen';
import { useActiveLabel } from '../../src/app/router/hooks';
import { useStableValue } from '../../src/app/ui';
import { enumLabel, fieldValue } from './cells';
import { callRoute } from './context';
import './strings';

export interface PickerConfig {
  route: ScreenRoute;
  items: string;
  item_record?: string;
  value: string;
  label: string[];
  /** Label fields that are enumerations, with their labels. */
  label_enums?: Record<string, JsonSchema>;
  min_search?: number;
  /** The route's other inputs (parameters such as the shop's id and the user's). */
  input: Record<string, unknown>;
}

export interface PickedOption {
  value: string;
  label: string;
}

const PAGE = 10;
const DEBOUNCE_MS = 300;

/**
 * A choice's name: its label fields joined, each as the reader sees it (a translated bundle name in the
 * reader's language, a text per language such as a data model's title in the reader's), an enumeration value by
 * its label in the language (an auth code by its name).
 */
export const optionLabel = (record: Record<string, unknown>, config: Pick<PickerConfig, 'label' | 'label_enums'>, lang: Lang): string =>
  config.label
    .map((f) => {
      if (config.label_enums?.[f]) return enumLabel(config.label_enums[f], record[f], lang);
      const value = fieldValue(record, f, lang);
      return value && typeof value === 'object' && !Array.isArray(value) ? labelOf(value as Bilingual, lang) : value;
    })
    .filter((v) => v !== undefined && v !== null && v !== '')
    .join(' · ');

/** The picker of a screen's records: its list route, searched, each named by its label field. */
export function pickerFromScreen(screen: ResolvedScreen, values: Record<string, unknown>): PickerConfig | undefined {
  if (!screen.routes.list || !screen.list) return undefined;
  const route = screen.route_table[screen.routes.list];
  const labelSchema = screen.entity_schema.properties?.[screen.label_field];
  return {
    route,
    items: screen.list.items,
    item_record: screen.list.item_record,
    value: screen.key,
    label: [screen.label_field],
    label_enums: labelSchema?.enum ? { [screen.label_field]: labelSchema } : undefined,
    input: routeInput(route, values),
  };
}

export function ReferencePicker({
  config: given,
  label,
  value,
  valueLabel,
  onPick,
  onClear,
  disabled,
  describedBy,
  invalid,
}: {
  config: PickerConfig;
  label: string;
  value?: string;
  valueLabel?: string;
  onPick: (option: PickedOption) => void;
  onClear?: () => void;
  disabled?: boolean;
  describedBy?: string;
  invalid?: boolean;
}) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const id = useId().replace(/:/g, '');
  // A screen's picker is built on every render: the search follows its content, not its identity.
  const config = useStableValue(given);
  const request = config.route.request;
  const hasSearch = Boolean(request.properties?.search);
  const min = Math.max(config.min_search ?? 0, hasSearch ? ((request.properties?.search?.minLength as number | undefined) ?? 1) : 0);
  const searchRequired = (request.required ?? []).includes('search');
  const [search, setSearch] = useState('');
  const [state, setState] = useState<{ options: PickedOption[]; total: number; loading: boolean; error: string | null; searched: boolean }>({
    options: [],
    total: 0,
    loading: false,
    error: null,
    searched: false,
  });

  useEffect(() => {
    if (disabled) return;
    const text = search.trim();
    if ((text && text.length < min) || (!text && (searchRequired || min > 1))) {
      setState((s) => ({ ...s, options: [], total: 0, loading: false, searched: false }));
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setState((s) => ({ ...s, loading: true, error: null }));
      const input: Record<string, unknown> = { ...config.input, page: 1, page_size: PAGE };
      if (text && hasSearch) input.search = text;
      callRoute(config.route, input, { signal: controller.signal }).then(
        (answer) => {
          if (controller.signal.aborted) return;
          const records = ((answer[config.items] as unknown[]) ?? []).map((item) => (config.item_record ? valueAt(item, config.item_record) : item) as Record<string, unknown>);
          const options = records.map((r) => ({ value: String(r[config.value] ?? ''), label: optionLabel(r, config, lang) })).filter((o) => o.value && o.label);
          const filtered = hasSearch || !text ? options : options.filter((o) => o.label.toLocaleLowerCase().includes(text.toLocaleLowerCase()));
          setState({ options: filtered, total: hasSearch ? Number(answer.total ?? filtered.length) : filtered.length, loading: false, error: null, searched: true });
        },
        (e: unknown) => {
          if (controller.signal.aborted) return;
          setState({ options: [], total: 0, loading: false, error: e instanceof ApiError ? e.status_message : t('common.unexpected'), searched: true });
        },
      );
    }, text ? DEBOUNCE_MS : 0);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [search, config, disabled, lang, min, searchRequired, hasSearch, t]);

  return (
    <fieldset className="picker" aria-labelledby={`${id}-label`} aria-describedby={describedBy}>
      <p id={`${id}-label`} className="picker__current">
        <span className="picker__label">{label}</span>
        {': '}
        {value ? <strong>{valueLabel || t('screen.chosenRecord')}</strong> : <span className="picker__none">{t('screen.nothingChosen')}</span>}
        {value && onClear && !disabled && (
          <>
            {' '}
            <button type="button" className="button button--secondary button--small" onClick={onClear}>
              {t('screen.clearChoice')}
            </button>
          </>
        )}
      </p>
      {!disabled && (
        <>
          <label htmlFor={`${id}-search`} className="picker__search-label">
            {t('screen.searchIn', { label })}
          </label>
          <input
            id={`${id}-search`}
            className="field__input"
            type="search"
            autoComplete="off"
            maxLength={100}
            value={search}
            aria-invalid={invalid || undefined}
            aria-describedby={`${id}-status${describedBy ? ` ${describedBy}` : ''}`}
            onChange={(e) => setSearch(e.target.value)}
          />
          <p id={`${id}-status`} role="status" className="field__hint">
            {state.loading
              ? t('app.loading')
              : state.error
                ? state.error
                : !state.searched && min > 1
                  ? t('screen.minSearch', { min })
                  : state.searched
                    ? state.options.length
                      ? t('screen.matches', { count: state.total })
                      : t('screen.noMatches')
                    : ''}
          </p>
          {state.options.length > 0 && (
            <ul className="search-results" aria-label={t('screen.choicesOf', { label })}>
              {state.options.map((o) => (
                <li key={o.value}>
                  <button type="button" className="button button--secondary button--small" aria-pressed={o.value === value} onClick={() => onPick(o)}>
                    {o.label}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </fieldset>
  );
}

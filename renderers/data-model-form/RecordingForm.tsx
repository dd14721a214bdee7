// The recording form: a published data-model version as the form a clinician fills. One section per group,
// parameters in order with their labels in the form's language (the other language's when one is missing), the
// widget of their type and their unit; "show when" rules hide and show fields as values change (and hidden values
// are not submitted: clean()). The checking is src/domain/data-model/record.ts — the server's own — so a field
// shows exactly the problem the server would refuse it for: under the field once it is left, all of them on
// submit with a summary whose links move the focus to the field. Warnings (a date older than 30 days) show
// styled as warnings and never block. The server's problems (a refusal's problem_list) show at their fields
// until the field is changed.
// Used by the recording page, the tester page and, as its live preview, the data-model designer.
import { useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataModel } from '../../src/generated/types/entities';
import { statusCatalogue, type StatusKey } from '../../src/generated/errors';
import { findParameter, nameOf, type DocPath } from '../../src/domain/data-model/document';
import { compileRecordModel, recordProblemMessage, type RecordProblem, type RecordValues } from '../../src/domain/data-model/record';
import type { Lang } from '../../src/domain/language';
import { statusMessage } from '../../src/domain/status-messages';
import { useActiveLabel } from '../../src/app/router/hooks';
import { FormContext, type FieldMessage, type FormContextValue } from './context';
import { ParameterList } from './fields';
import { labelOf, pathKey, setAt, toPath, type ServerProblem } from './values';
import './strings';
import '../generic/generic.css';
import './data-model-form.css';

export type { ServerProblem } from './values';

export interface RecordingFormProps {
  /** The data-model version recorded with (a published one; the designer passes its draft for the preview). */
  model: DataModel;
  /** The record's values by parameter code (value forms: the top of src/domain/data-model/record.ts). */
  values: RecordValues;
  /** Every change, with the whole new values. */
  onChange?: (values: RecordValues) => void;
  /** The form's language (labels, options, messages, buttons); the page's by default. */
  lang?: Lang;
  /** The server's problems (a refusal's problem_list), shown at their fields until the field changes. */
  problems?: readonly ServerProblem[];
  /** Shows the values without letting them change (no buttons). */
  readOnly?: boolean;
  /**
   * Called on submit when the check finds no error, with the values as stored (clean(): hidden and empty values
   * dropped) and the warnings. Without it the button only checks the form ("Check the form").
   */
  onSubmit?: (values: RecordValues, warnings: RecordProblem[]) => void;
  /** The day "today" means for date ranges and the 30-day flag (YYYY-MM-DD); UTC today by default. */
  today?: string;
  /** Shows every problem at once, as after a submit, without the summary taking the focus (the tester page). */
  revealAll?: boolean;
  /** The submit button's words (the default: "Save record" with onSubmit, "Check the form" without). */
  submitLabel?: string;
  /** A save on its way: the button is disabled and says so. */
  busy?: boolean;
  /** The heading level of the groups (2 on a page of its own; 3 inside a page with its own sections). */
  headingLevel?: 2 | 3 | 4;
}

const isKnownKey = (key: string): key is StatusKey => Object.hasOwn(statusCatalogue, key);

/** A problem's message in a language: the catalogue's wording (so it follows the form's language), else the server's text. */
export function problemText(problem: Pick<ServerProblem, 'key' | 'params' | 'message'>, lang: Lang): string {
  if (isKnownKey(problem.key)) return recordProblemMessage({ path: [], key: problem.key, params: problem.params ?? {}, severity: 'error' }, lang);
  return problem.message ?? problem.key;
}

interface Shown {
  path: DocPath;
  key: string;
  severity: 'error' | 'warning';
  message: FieldMessage;
}

export function RecordingForm({
  model,
  values,
  onChange,
  lang: formLang,
  problems: serverProblems,
  readOnly = false,
  onSubmit,
  today,
  revealAll = false,
  submitLabel,
  busy = false,
  headingLevel = 2,
}: RecordingFormProps) {
  const active = useActiveLabel();
  const lang = formLang ?? active;
  const { i18n } = useTranslation();
  const t = useMemo(() => i18n.getFixedT(lang), [i18n, lang]);
  const compiled = useMemo(() => compileRecordModel(model), [model]);
  const checked = useMemo(() => compiled.check(values, { today }), [compiled, values, today]);
  const prefix = `dm${useId().replace(/[^a-zA-Z0-9]/g, '')}`;

  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);
  // The server's problems stand until their field changes; a new answer brings them back.
  const [changed, setChanged] = useState<ReadonlySet<string>>(() => new Set());
  const [changedSince, setChangedSince] = useState(serverProblems);
  if (changedSince !== serverProblems) {
    setChangedSince(serverProblems);
    setChanged(new Set());
  }

  const shown = useMemo((): Shown[] => {
    const own: Shown[] = checked.map((p) => ({ path: p.path, key: p.key, severity: p.severity, message: { severity: p.severity, text: recordProblemMessage(p, lang) } }));
    const fromServer: Shown[] = (serverProblems ?? [])
      .map((p) => ({ ...p, path: toPath(p.path) }))
      .filter((p) => !changed.has(pathKey(p.path)))
      .filter((p) => !checked.some((c) => c.key === p.key && pathKey(c.path) === pathKey(p.path)))
      .map((p) => {
        const severity = p.severity ?? 'error';
        return { path: p.path, key: p.key, severity, message: { severity, text: problemText(p, lang) } };
      });
    return [...own, ...fromServer];
  }, [checked, serverProblems, changed, lang]);

  // A field shows its own problems once it is left (or after a submit, or at once in the tester); the server's at once.
  const serverKeys = useMemo(() => new Set((serverProblems ?? []).map((p) => pathKey(toPath(p.path)))), [serverProblems]);
  const visible = useCallback(
    (path: DocPath) => {
      if (revealAll || submitted) return true;
      // The field is the path itself, or the chart or list cell's field holding it.
      for (let n = path.length; n > 0; n--) if (touched.has(pathKey(path.slice(0, n)))) return true;
      return false;
    },
    [revealAll, submitted, touched],
  );
  const shownAt = useMemo(() => {
    const map = new Map<string, Shown[]>();
    for (const s of shown) {
      const key = pathKey(s.path);
      if (!visible(s.path) && !(serverKeys.has(key) && !changed.has(key))) continue;
      map.set(key, [...(map.get(key) ?? []), s]);
    }
    return map;
  }, [shown, visible, serverKeys, changed]);

  const valuesRef = useRef(values);
  valuesRef.current = values;
  const idOf = useCallback((path: DocPath) => `${prefix}-${path.join('-')}`, [prefix]);
  const ctx: FormContextValue = useMemo(
    () => ({
      compiled,
      values,
      lang,
      t,
      readOnly,
      idOf,
      messagesAt: (path) => (shownAt.get(pathKey(path)) ?? []).map((s) => s.message),
      messagesUnder: (path) => {
        const key = pathKey(path);
        return [...shownAt.entries()].filter(([k]) => k === key || k.startsWith(`${key}.`)).flatMap(([, list]) => list.map((s) => ({ path: s.path, message: s.message })));
      },
      set: (path, value) => {
        if (readOnly) return;
        onChange?.(setAt(valuesRef.current, path, value));
        const key = pathKey(path);
        setChanged((prev) => (prev.has(key) ? prev : new Set(prev).add(key)));
      },
      touch: (path) => {
        const key = pathKey(path);
        setTouched((prev) => (prev.has(key) ? prev : new Set(prev).add(key)));
      },
    }),
    [compiled, values, lang, t, readOnly, idOf, shownAt, onChange],
  );

  // The summary: every error shown (after a submit, or the server's), each a link that moves the focus to its field.
  const summaryRef = useRef<HTMLDivElement>(null);
  const [focusTick, setFocusTick] = useState(0);
  useEffect(() => {
    if (focusTick) summaryRef.current?.focus();
  }, [focusTick]);
  // A refusal's problems arriving: the summary says so and takes the focus.
  useEffect(() => {
    if (serverProblems?.length) setFocusTick((n) => n + 1);
  }, [serverProblems]);
  const errors = [...shownAt.values()].flat().filter((s) => s.severity === 'error');
  const showSummary = errors.length > 0 && (submitted || serverKeys.size > 0) && !revealAll;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (readOnly || busy) return;
    setSubmitted(true);
    const blocking = checked.filter((p) => p.severity === 'error');
    if (blocking.length) {
      setFocusTick((n) => n + 1);
      return;
    }
    onSubmit?.(compiled.clean(values), checked.filter((p) => p.severity === 'warning'));
  };

  const Heading = `h${headingLevel}` as 'h2';
  const groups = model.group_list.filter((g) => g.parameter_list.some((p) => compiled.shown(p.code, values)));

  return (
    <FormContext.Provider value={ctx}>
      <form className="form form--wide dm-form" noValidate onSubmit={submit} lang={lang} aria-busy={busy || undefined}>
        {showSummary && (
          <div ref={summaryRef} tabIndex={-1} className="notice notice--error dm-summary" role="alert">
            <p className="dm-summary__heading">{summaryHeading(errors, lang, t)}</p>
            <ul>
              {errors.map((s) => {
                const id = idOf(s.path);
                const text = `${pathLabel(model, s.path, lang, t)}: ${s.message.text}`;
                return (
                  <li key={`${pathKey(s.path)}:${s.key}`}>
                    <a
                      href={`#${id}`}
                      onClick={(e) => {
                        e.preventDefault();
                        focusField(id);
                      }}
                    >
                      {text}
                    </a>
                  </li>
                );
              })}
            </ul>
          </div>
        )}
        {groups.length === 0 && <p className="field__hint">{t('recording.nothingShown')}</p>}
        <div className="record-form__sections">
          {groups.map((g) => {
            const headingId = `${prefix}-g-${g.code}`;
            return (
              <section key={g.code} className="record-form__section dm-section" aria-labelledby={headingId}>
                <Heading id={headingId} className="record-form__section-title">
                  {labelOfGroup(g.label, g.code, lang)}
                </Heading>
                <ParameterList list={g.parameter_list} path={[]} />
              </section>
            );
          })}
        </div>
        {!readOnly && !revealAll && groups.length > 0 && (
          <div className="form__actions">
            <button type="submit" className="button" disabled={busy}>
              {busy ? t('recording.saving') : (submitLabel ?? t(onSubmit ? 'recording.save' : 'recording.check'))}
            </button>
          </div>
        )}
      </form>
    </FormContext.Provider>
  );
}

const labelOfGroup = (label: Parameters<typeof nameOf>[0], code: string, lang: Lang) => nameOf(label, lang, code);

/** Moves the focus to a field's control (the first of a group's), bringing it into view. */
export function focusField(id: string): void {
  const el = document.getElementById(id);
  if (!el) return;
  const target = el.matches('input, select, textarea, button, [tabindex]') ? el : el.querySelector<HTMLElement>('input, select, textarea, button');
  target?.focus();
  target?.scrollIntoView?.({ block: 'center' });
}

/** The summary's heading fits its errors: missing values only, wrong values only, or both. */
function summaryHeading(errors: { key: string }[], lang: Lang, t: (key: string) => string): string {
  const missing = errors.filter((e) => e.key === 'field_required').length;
  if (missing === errors.length) return statusMessage('required_fields', lang);
  return missing ? t('recording.fixAndFill') : t('recording.fixErrors');
}

/** Where a problem is, in words: "Prior treatments › Row 2 › Treatment", "Weight chart › Point 1 › Date". */
export function pathLabel(model: DataModel, path: DocPath, lang: Lang, t: (key: string, o?: Record<string, unknown>) => string): string {
  const parts: string[] = [];
  let chart = false;
  for (const segment of path) {
    if (typeof segment === 'number') parts.push(t(chart ? 'recording.point' : 'recording.row', { n: segment + 1 }));
    else if (chart && (segment === 'date' || segment === 'value')) parts.push(t(`recording.${segment}`));
    else {
      const p = findParameter(model, segment)?.parameter;
      parts.push(p ? labelOf(p, lang) : segment);
      chart = p?.type === 'chart';
    }
  }
  return parts.join(' › ');
}

// The test panel: a form made from the input node's fields; Run compiles the document as it is now (saved
// or not) and evaluates the record in the browser with a trace. The path is lit on the canvas node by node,
// and each step is listed with what it read and set, with the decisions and their severity. When a published
// version exists, the same record also runs on the server (/v1/rule/package/run), which shows what the API
// answers other systems.
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { compileGraph, type Evaluation, type InputField, type RuleIssue } from '../../../src/domain/rules';
import { ApiError } from '../../../src/api/errors';
import { useActiveLabel } from '../../../src/app/router/hooks';
import { DATE_HINT, DateInput, Notice } from '../../../src/app/ui';
import { keyed } from '../model/keys';
import { joinLabels } from '../model/labels';
import { useCanvas, useCanvasApi } from '../store';
import type { RunAnswer } from '../usePackage';
import { IssueList, nodeHeading } from './fields';

type Outcome = { ok: true; result: Evaluation } | { ok: false; issues: RuleIssue[] };
type ServerOutcome = { ok: true; version: number; result: RunAnswer['result_list'][number] } | { ok: false; message: string };

/** Running a published version on the server: which one, and the call. */
export interface ServerRun {
  version: number;
  run: (version: number, record: Record<string, unknown>, today?: string) => Promise<RunAnswer>;
}

/** A typed value of the form as the record holds it (the engine reads numbers with either decimal mark). */
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

function recordValue(field: InputField, text: string): unknown {
  const v = text.trim();
  if (!v) return undefined;
  if (field.type === 'list')
    return v
      .split(/[;,]/)
      .map((x) => x.trim())
      .filter(Boolean)
      .map((x) => (/^-?\d+(\.\d+)?$/.test(x) ? Number(x) : x.replace(/^["']|["']$/g, '')));
  if (field.type === 'boolean') return v === 'true';
  if (field.type === 'number' && /^-?\d+([.,]\d+)?$/.test(v)) return Number(v.replace(',', '.'));
  return v;
}

export const show = (value: unknown): string => (value === null || value === undefined ? '—' : Array.isArray(value) ? `[${value.map(show).join(', ')}]` : typeof value === 'string' ? `"${value}"` : String(value));

/** The decisions of a run (in the browser or on the server), with their kind and severity. */
function DecisionList({ decisions }: { decisions: Evaluation['decisions'] }) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  if (!decisions.length) return <p>{t('rules.test.noDecision')}</p>;
  return (
    <ul className="rule-decisions">
      {keyed(decisions, (d) => `${d.node_id}:${d.code}`).map(({ item: d, key }) => (
        <li key={key} className={`rule-decision rule-decision--${d.severity}`}>
          <span className={`rule-badge rule-badge--${d.severity}`}>
            {joinLabels([t(`rules.kind.${d.kind}`), t(`rules.severity.${d.severity}`)], ' · ', lang)}
          </span>{' '}
          <code>{d.code}</code>
          <p>{d.text[lang]}</p>
        </li>
      ))}
    </ul>
  );
}

export function TestPanel({ server }: { server?: ServerRun | null }) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const api = useCanvasApi();
  const doc = useCanvas((s) => s.doc);
  const path = useCanvas((s) => s.path);
  const input = doc.nodes.find((n) => n.type === 'input');
  const fields = useMemo(() => (input?.type === 'input' ? input.fields : []), [input]);
  const [values, setValues] = useState<Record<string, string>>({});
  const [today, setToday] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [serverOutcome, setServerOutcome] = useState<ServerOutcome | null>(null);
  const [running, setRunning] = useState(false);
  // After a run, its result comes into view (the form can be long).
  const results = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (outcome || serverOutcome) results.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }, [outcome, serverOutcome]);

  // A date typed that is no day (the date box passes such text on): the run waits until it is mended, and says
  // how to write one.
  const [checkDays, setCheckDays] = useState(false);
  const notDays = new Set([...fields.filter((f) => f.type === 'date' && values[f.name] && !ISO_DAY.test(values[f.name])).map((f) => `test-${f.name}`), ...(today && !ISO_DAY.test(today) ? ['test-today'] : [])]);
  const daysWrong = () => {
    if (!notDays.size) return false;
    setCheckDays(true);
    document.getElementById([...notDays][0])?.focus();
    return true;
  };
  const dayProblem = (id: string) =>
    checkDays && notDays.has(id) ? (
      <p id={`${id}-error`} className="field__error">
        {t('rules.test.notADay', { pattern: DATE_HINT[lang] })}
      </p>
    ) : null;

  const typedRecord = () => {
    const record: Record<string, unknown> = {};
    for (const f of fields) {
      const v = recordValue(f, values[f.name] ?? '');
      if (v !== undefined) record[f.name] = v;
    }
    return record;
  };

  const runOnServer = async () => {
    if (!server || running || daysWrong()) return;
    const version = server.version;
    setRunning(true);
    setOutcome(null);
    setServerOutcome(null);
    api.getState().setPath(null);
    try {
      const answer = await server.run(version, typedRecord(), today || undefined);
      setServerOutcome({ ok: true, version: answer.version, result: answer.result_list[0] });
    } catch (err) {
      setServerOutcome({ ok: false, message: err instanceof ApiError ? err.status_message : t('common.unexpected') });
    } finally {
      setRunning(false);
    }
  };

  const run = (e: FormEvent) => {
    e.preventDefault();
    if (daysWrong()) return;
    setServerOutcome(null);
    const compiled = compileGraph(api.getState().doc);
    if (!compiled.ok) {
      setOutcome({ ok: false, issues: compiled.issues });
      api.getState().setPath(null);
      return;
    }
    const result = compiled.graph.evaluate(typedRecord(), { trace: true, ...(today ? { today } : {}) });
    setOutcome({ ok: true, result });
    api.getState().setPath({ steps: result.trace ?? [], shown: 0 });
  };

  const titleOf = (id: string) => {
    const n = doc.nodes.find((x) => x.id === id);
    return n ? nodeHeading(n, lang, (k) => t(k)) : id;
  };
  const steps = outcome?.ok ? (outcome.result.trace ?? []) : [];

  return (
    <div className="rule-test">
      {!input && <p>{t('rules.test.noInput')}</p>}
      <form className="rule-test__form" onSubmit={run} noValidate aria-label={t('rules.test.form')}>
        {fields.map((f) => {
          const id = `test-${f.name}`;
          const label = `${f.label?.[lang] || f.name}${f.unit ? ` (${f.unit})` : ''}`;
          const set = (v: string) => setValues((old) => ({ ...old, [f.name]: v }));
          return (
            <div key={f.name} className="field">
              <label htmlFor={id} className="field__label">
                {label}
              </label>
              {f.type === 'boolean' ? (
                <select id={id} className="field__input" value={values[f.name] ?? ''} onChange={(e) => set(e.target.value)}>
                  <option value="">{t('rules.test.missing')}</option>
                  <option value="true">{t('rules.test.yes')}</option>
                  <option value="false">{t('rules.test.no')}</option>
                </select>
              ) : f.type === 'date' ? (
                // A day written in the page's language (the browser's own date field writes the browser's).
                <DateInput id={id} className="field__input" value={values[f.name]} onValue={set} aria-invalid={(checkDays && notDays.has(id)) || undefined} aria-describedby={[checkDays && notDays.has(id) ? `${id}-error` : '', `${id}-hint`].join(' ').trim()} />
              ) : (
                <input id={id} className="field__input" type="text" inputMode={f.type === 'number' ? 'decimal' : undefined} value={values[f.name] ?? ''} onChange={(e) => set(e.target.value)} aria-describedby={`${id}-hint`} />
              )}
              {dayProblem(id)}
              <p id={`${id}-hint`} className="field__hint">
                <code>{f.name}</code> · {t(`rules.type.${f.type}`)}
                {f.type === 'list' ? ` · ${t('rules.test.listHint')}` : ''}
              </p>
            </div>
          );
        })}
        <div className="field">
          <label htmlFor="test-today" className="field__label">
            {t('rules.test.today')}
          </label>
          <DateInput id="test-today" className="field__input" value={today} onValue={setToday} aria-invalid={(checkDays && notDays.has('test-today')) || undefined} aria-describedby={checkDays && notDays.has('test-today') ? 'test-today-error' : undefined} />
          {dayProblem('test-today')}
        </div>
        <div className="form__actions">
          <button type="submit" className="button">
            {t('rules.test.run')}
          </button>
          {server && (
            <button type="button" className="button button--secondary" onClick={() => void runOnServer()} disabled={running} aria-describedby="test-server-hint">
              {running ? t('common.sending') : t('rules.test.runServer', { version: server.version })}
            </button>
          )}
        </div>
        {server && (
          <p id="test-server-hint" className="field__hint">
            {t('rules.test.serverHint', { version: server.version })}
          </p>
        )}
      </form>

      <div aria-live="polite" className="rule-test__result" ref={results}>
        {serverOutcome && !serverOutcome.ok && <Notice>{serverOutcome.message}</Notice>}
        {serverOutcome?.ok && (
          <section aria-labelledby="test-server-decisions">
            <h3 id="test-server-decisions">{t('rules.test.serverDecisions', { version: serverOutcome.version })}</h3>
            <DecisionList decisions={serverOutcome.result.decisions} />
            {Object.keys(serverOutcome.result.outputs).length > 0 && (
              <p>
                {t('rules.test.computed')}:{' '}
                {Object.entries(serverOutcome.result.outputs)
                  .map(([k, v]) => `${k} = ${show(v)}`)
                  .join('; ')}
              </p>
            )}
            <IssueList id="test-server-issues" issues={serverOutcome.result.issues as RuleIssue[]} />
          </section>
        )}
        {outcome && !outcome.ok && (
          <section>
            <h3>{t('rules.test.cannotRun')}</h3>
            <IssueList id="test-compile-issues" issues={outcome.issues} />
          </section>
        )}
        {outcome?.ok && (
          <>
            <section aria-labelledby="test-decisions">
              <h3 id="test-decisions">{t('rules.test.decisions')}</h3>
              <DecisionList decisions={outcome.result.decisions} />
              <IssueList id="test-run-issues" issues={outcome.result.issues} />
            </section>
            <section aria-labelledby="test-path">
              <h3 id="test-path">{t('rules.test.path')}</h3>
              {path && path.shown < path.steps.length && (
                <button type="button" className="rule-link" onClick={() => api.getState().setPath({ ...path, shown: path.steps.length })}>
                  {t('rules.test.showAll')}
                </button>
              )}
              <ol className="rule-steps">
                {keyed(steps, (s) => s.node_id).map(({ item: s, key }, i) => (
                  <li key={key} className="rule-step">
                    <strong>{titleOf(s.node_id)}</strong>
                    {s.matched && (
                      <p>
                        {t(s.node_type === 'switch' ? 'rules.test.branches' : 'rules.test.rows')}: {s.matched.length ? s.matched.map((m) => (m === 'else' ? t('rules.switch.else') : m)).join(', ') : t('rules.test.noneMatched')}
                      </p>
                    )}
                    {Object.keys(s.inputs).length > 0 && (
                      <p>
                        {t('rules.test.read')}:{' '}
                        {Object.entries(s.inputs)
                          .map(([k, v]) => `${k} = ${show(v)}`)
                          .join('; ')}
                      </p>
                    )}
                    {Object.keys(s.outputs).length > 0 && (
                      <p>
                        {t(s.node_type === 'input' ? 'rules.test.record' : 'rules.test.set')}:{' '}
                        {Object.entries(s.outputs)
                          .map(([k, v]) => `${k} = ${show(v)}`)
                          .join('; ')}
                      </p>
                    )}
                    {s.error && <IssueList id={`step-error-${i}`} issues={[s.error]} />}
                  </li>
                ))}
              </ol>
            </section>
          </>
        )}
      </div>
    </div>
  );
}

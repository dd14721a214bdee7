// wanalyzer_cell_calculate_iframe (spec section 2: login, frame mode): a formula over a project's columns,
// calculated row by row on the server (/wanalyzer/project/cell/calculate, nothing saved) and shown a page of
// rows at a time with the inputs each row used. The project comes from `?project_id=` (own or public), else is
// chosen from /wanalyzer/project/list. The formula is the rule engine's expression language, checked here first
// with the engine's parser so a typo never costs a round trip.
import { useCallback, useId, useLayoutEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../../app/layout/TopBar';
import { useActiveLabel } from '../../../app/router/hooks';
import type { PageProps } from '../../../app/router/registry';
import { enumLabel, formatNumber, Notice, Pagination, SelectField, TableRegion, TextAreaField, useErrorText, useLoad } from '../../../app/ui';
import { ApiError } from '../../../api/errors';
import { FUNCTION_NAMES } from '../../../domain/rules';
import { wanalyzerProjectCellCalculate, wanalyzerProjectDatasetGet, wanalyzerProjectDetailsColumnsWaiGet, wanalyzerProjectList } from '../../../generated/client';
import { analysisColumnType } from '../../../generated/enums/analysisColumnType';
import type { AnalysisColumn } from '../../../generated/types/entities';
import type { WanalyzerProjectCellCalculateResponse } from '../../../generated/types/routes';
import { checkFormula, writable } from './formula';
import { CellValue } from './CellValue';
import './strings';
import './frames.css';

const ROWS_PER_PAGE = 20;
/** Projects offered in the picker: the newest the caller may open. */
const PICKER_SIZE = 100;
/** "Please check the parenthesis": the server's refusal of the formula itself, shown at the field. */
const PARENTHESIS = '14001';

interface Calculated {
  expression: string;
  used: AnalysisColumn[];
  page: number;
  answer: WanalyzerProjectCellCalculateResponse;
  /** The used columns' cells of the same rows, in `used` order. */
  inputs: (string | number | boolean | null)[][];
}

export default function WanalyzerCellCalculateIframe({ page }: PageProps) {
  const lang = useActiveLabel();
  const [params, setParams] = useSearchParams();
  const projectId = params.get('project_id');
  return (
    <article className="page cell-calculate" aria-labelledby="page-title">
      <header className="frame-head">
        <h1 id="page-title">{page.caption[lang]}</h1>
        <LanguageSwitch />
      </header>
      {projectId ? (
        <Calculator key={projectId} projectId={projectId} onChangeProject={() => setParams({}, { replace: true })} />
      ) : (
        <ProjectPicker onPick={(id) => setParams({ project_id: id }, { replace: true })} />
      )}
    </article>
  );
}

function ProjectPicker({ onPick }: { onPick: (projectId: string) => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [chosen, setChosen] = useState('');
  const [error, setError] = useState<string | null>(null);
  const list = useLoad(useCallback((signal: AbortSignal) => wanalyzerProjectList({ scope: 'all', page_size: PICKER_SIZE }, { signal }), []));
  if (list.error !== null) return <LoadFailed text={errorText(list.error)} retry={list.retry} />;
  if (!list.data) return <p role="status">{t('frames.calc.loadingProjects')}</p>;
  if (!list.data.project_list.length) return <p>{t('frames.calc.noProjects')}</p>;
  return (
    <form
      className="cell-calculate__picker"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (chosen) onPick(chosen);
        else setError(t('frames.calc.chooseProject'));
      }}
    >
      <SelectField
        label={t('frames.calc.project')}
        name="project_id"
        value={chosen}
        placeholder={t('frames.calc.choose')}
        error={error}
        options={list.data.project_list.map((p) => ({
          value: p.project_id,
          label: p.is_own ? p.project_name : t('frames.calc.publicProject', { name: p.project_name, owner: p.owner_name ?? '' }),
        }))}
        onValue={(v) => {
          setChosen(v);
          setError(null);
        }}
      />
      <button type="submit" className="button">
        {t('frames.calc.open')}
      </button>
    </form>
  );
}

function LoadFailed({ text, retry }: { text: string; retry: () => void }) {
  const { t } = useTranslation();
  return (
    <Notice>
      {text}{' '}
      <button type="button" className="button button--secondary button--small" onClick={retry}>
        {t('frames.retry')}
      </button>
    </Notice>
  );
}

function Calculator({ projectId, onChangeProject }: { projectId: string; onChangeProject: () => void }) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const errorText = useErrorText();
  const formulaId = `formula-${useId().replace(/:/g, '')}`;
  const project = useLoad(useCallback((signal: AbortSignal) => wanalyzerProjectDetailsColumnsWaiGet({ project_id: projectId }, { signal }), [projectId]));
  const [formula, setFormula] = useState('');
  // Where the cursor goes once an inserted name is on screen: set as soon as React has written the new
  // text, before the next key press can land at the old place (a frame later was too late for a fast typist).
  const caretAfterInsert = useRef<number | null>(null);
  useLayoutEffect(() => {
    const at = caretAfterInsert.current;
    if (at === null) return;
    caretAfterInsert.current = null;
    const box = document.getElementById(formulaId) as HTMLTextAreaElement | null;
    box?.focus();
    box?.setSelectionRange(at, at);
  });
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Calculated | null>(null);

  if (project.error !== null)
    return (
      <>
        <LoadFailed text={errorText(project.error)} retry={project.retry} />
        <button type="button" className="button button--secondary" onClick={onChangeProject}>
          {t('frames.calc.changeProject')}
        </button>
      </>
    );
  if (!project.data) return <p role="status">{t('frames.calc.loadingProject')}</p>;
  const columns = project.data.column_list;

  /** Puts `text` at the formula's cursor (in place of a selection) and leaves the cursor after it. */
  const insert = (text: string) => {
    const box = document.getElementById(formulaId) as HTMLTextAreaElement | null;
    const start = box?.selectionStart ?? formula.length;
    const end = box?.selectionEnd ?? formula.length;
    caretAfterInsert.current = start + text.length;
    setFormula(formula.slice(0, start) + text + formula.slice(end));
    setProblem(null);
  };

  const calculate = async (expression: string, used: AnalysisColumn[], pageNo: number) => {
    setBusy(true);
    setFailure(null);
    try {
      const rowFrom = (pageNo - 1) * ROWS_PER_PAGE;
      const [answer, dataset] = await Promise.all([
        wanalyzerProjectCellCalculate({ project_id: projectId, expression, row_from: rowFrom, row_count: ROWS_PER_PAGE }),
        used.length
          ? wanalyzerProjectDatasetGet({ project_id: projectId, column_id_list: used.map((c) => c.column_id), sort: 'row_index', page: pageNo, page_size: ROWS_PER_PAGE })
          : Promise.resolve(null),
      ]);
      // The dataset answers its cells in its own column order: read them in the order of `used`.
      const order = used.map((c) => dataset?.column_list?.findIndex((d) => d.column_id === c.column_id) ?? -1);
      const at = (i: number) => order.map((o, k) => dataset?.row_list[i]?.[o >= 0 ? o : k] ?? null);
      setResult({ expression, used, page: pageNo, answer, inputs: answer.result_list.map((_r, i) => at(i)) });
    } catch (e) {
      if (e instanceof ApiError && e.status_code === PARENTHESIS) setProblem(errorText(e));
      else setFailure(e);
    } finally {
      setBusy(false);
    }
  };

  const submit = () => {
    const checked = checkFormula(formula, columns);
    if (!checked.ok) {
      setProblem('issue' in checked ? checked.issue.message[lang] : t('frames.calc.unknownColumn', { name: checked.unknownColumn, pos: checked.pos }));
      requestAnimationFrame(() => document.getElementById(formulaId)?.focus());
      return;
    }
    void calculate(formula.trim(), checked.used, 1);
  };

  return (
    <>
      <p className="cell-calculate__project">
        <span>{t('frames.calc.projectIs', { name: project.data.project_name })}</span>{' '}
        <button type="button" className="button button--secondary button--small" onClick={onChangeProject}>
          {t('frames.calc.changeProject')}
        </button>
      </p>
      <form
        className="cell-calculate__form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <TextAreaField
          id={formulaId}
          label={t('frames.calc.formula')}
          hint={t('frames.calc.formulaHint')}
          name="expression"
          rows={3}
          maxLength={2000}
          spellCheck={false}
          autoComplete="off"
          value={formula}
          error={problem}
          onValue={(v) => {
            setFormula(v);
            setProblem(null);
          }}
        />
        <fieldset className="cell-calculate__names">
          <legend>{t('frames.calc.columns')}</legend>
          {columns.length ? (
            <ul className="cell-calculate__chips">
              {columns.map((c) => (
                <li key={c.column_id}>
                  <button
                    type="button"
                    className="chip"
                    disabled={!writable(c.column_name)}
                    title={writable(c.column_name) ? undefined : t('frames.calc.notWritable')}
                    onClick={() => insert(c.column_name)}
                  >
                    {c.column_name} <span className="chip__note">{enumLabel(analysisColumnType, c.column_type, lang)}</span>
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <p>{t('frames.calc.noColumns')}</p>
          )}
        </fieldset>
        <fieldset className="cell-calculate__names">
          <legend>{t('frames.calc.functions')}</legend>
          <ul className="cell-calculate__chips">
            {FUNCTION_NAMES.map((name) => (
              <li key={name}>
                <button type="button" className="chip" onClick={() => insert(`${name}(`)}>
                  {name}()
                </button>
              </li>
            ))}
          </ul>
        </fieldset>
        <button type="submit" className="button" disabled={busy || !columns.length}>
          {busy ? t('frames.calc.calculating') : t('frames.calc.calculate')}
        </button>
      </form>
      {failure !== null && <Notice>{errorText(failure)}</Notice>}
      {result && <Results result={result} busy={busy} onPage={(p) => void calculate(result.expression, result.used, p)} />}
    </>
  );
}

function Results({ result, busy, onPage }: { result: Calculated; busy: boolean; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const { answer, used, inputs } = result;
  return (
    <section className="cell-calculate__results" aria-labelledby="results-title" aria-busy={busy || undefined}>
      <h2 id="results-title">{t('frames.calc.results', { formula: result.expression })}</h2>
      <p role="status">{t('frames.calc.rowCount', { count: answer.total_rows, rows: formatNumber(answer.total_rows, lang) })}</p>
      {answer.result_list.length > 0 && (
        <TableRegion label={t('frames.calc.table')}>
          <table className="table cell-calculate__table">
            <thead>
              <tr>
                <th scope="col">{t('frames.calc.row')}</th>
                {used.map((c) => (
                  <th key={c.column_id} scope="col">
                    {c.column_name}
                  </th>
                ))}
                <th scope="col">{t('frames.calc.result')}</th>
              </tr>
            </thead>
            <tbody>
              {answer.result_list.map((r, i) => (
                <tr key={r.row_index}>
                  <th scope="row">{r.row_index + 1}</th>
                  {used.map((c, k) => (
                    <td key={c.column_id}>
                      <CellValue value={inputs[i][k]} />
                    </td>
                  ))}
                  <td className={r.error ? 'cell-calculate__error' : undefined}>{r.error ? t('frames.calc.rowError', { error: r.error }) : <CellValue value={r.value} />}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
      {answer.total_rows > ROWS_PER_PAGE && (
        <Pagination page={result.page} pageSize={ROWS_PER_PAGE} total={answer.total_rows} label={t('frames.calc.pages')} onPage={onPage} />
      )}
    </section>
  );
}

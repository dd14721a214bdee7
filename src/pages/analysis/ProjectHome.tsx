// A project's home (user_project?project_id=…): its details (file, rows, columns, filled cells, credits used),
// its columns with their type, unit and summary (column_list results), and links to the project pages. Its owner
// also renames it, describes it, makes it public or private (/project/save without a file), changes a column's
// type or unit (/project/column/save), adds a calculated column (a name and a formula the server checks; its
// refusal shown at the field) and deletes it after a confirmation.
import { analysisColumnNameTaken } from '../../generated/errors';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors';
import { useActiveLabel } from '../../app/router/hooks';
import { CheckboxField, ConfirmDialog, enumLabel, enumOptions, formatNumber, Notice, SelectField, serverFieldErrors, SubmitButton, TextAreaField, TextField, useErrorText } from '../../app/ui';
import { newUuid } from '../../domain/uuid';
import { analysisColumnType } from '../../generated/enums/analysisColumnType';
import { wanalyzerProjectColumnSave, wanalyzerProjectDelete, wanalyzerProjectSave } from '../../generated/client';
import type { AnalysisColumn, AnalysisColumnType } from '../../generated/types/entities';
import type { WanalyzerProjectDetailsColumnsWaiGetResponse } from '../../generated/types/routes';
import { usePagePath } from '../shared/hooks';
import { PagedTable, type TableColumn } from '../shared/PagedTable';
import { cellText, DATA_DIGITS } from './cells';
import { ProjectFrame } from './ProjectShell';

type Project = WanalyzerProjectDetailsColumnsWaiGetResponse;
/** What the page says after a change, worded at display. */
type Message = 'settingsSaved' | 'columnSaved' | 'calculatedSaved' | null;

/** What the previous page did, shown once on arrival (Add Dataset's save). */
export interface ProjectArrival {
  saved?: { credit_used: number; credit_balance: number };
}

export function ProjectHome({ arrival }: { arrival?: ProjectArrival }) {
  const { t } = useTranslation();
  return <ProjectFrame title={t('analysis.home.title')}>{(project, reload) => <HomeContent project={project} reload={reload} arrival={arrival} />}</ProjectFrame>;
}

function HomeContent({ project, reload, arrival }: { project: Project; reload: () => void; arrival?: ProjectArrival }) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const [message, setMessage] = useState<Message>(null);
  const changed = (m: Message) => {
    setMessage(m);
    reload();
  };
  return (
    <>
      {arrival?.saved && (
        <Notice kind="success">
          {t('analysis.home.savedWithFile', {
            count: arrival.saved.credit_used,
            credits: formatNumber(arrival.saved.credit_used, lang),
            balance: formatNumber(arrival.saved.credit_balance, lang),
          })}
        </Notice>
      )}
      {message && <Notice kind="success">{t(`analysis.home.${message}`)}</Notice>}
      <ProjectDetails project={project} />
      <ColumnsSection project={project} onChanged={changed} reviewTypes={Boolean(arrival?.saved)} />
      {project.is_own && <OwnerSection project={project} onSaved={() => changed('settingsSaved')} />}
    </>
  );
}

function ProjectDetails({ project }: { project: Project }) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const d = project.details;
  const count = (n: number | undefined) => (n === undefined ? t('analysis.cell.empty') : formatNumber(n, lang));
  const facts: [string, ReactNode][] = [
    [t('analysis.home.file'), d.file_name ?? t('analysis.cell.empty')],
    [t('analysis.home.rows'), count(d.row_count)],
    [t('analysis.home.columns'), count(d.column_count)],
    [t('analysis.home.filledCells'), count(d.filled_cell_count)],
    [t('analysis.home.creditUsed'), count(d.credit_used)],
    [t('analysis.home.visibility'), project.is_public ? t('analysis.public') : t('analysis.private')],
  ];
  return (
    <section className="section" aria-labelledby="analysis-details">
      <h2 id="analysis-details">{t('analysis.home.details')}</h2>
      {d.description && <p className="analysis-description">{d.description}</p>}
      <dl className="facts">
        {facts.map(([k, v]) => (
          <div key={k} className="facts__row">
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** A column's summary: centre of a number, the most frequent values of a category (yes/no in words). */
function useColumnSummary(): (c: AnalysisColumn) => string {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const valueText = (c: AnalysisColumn, v: string) => (c.column_type === 'boolean' && (v === 'true' || v === 'false') ? cellText(c, v === 'true', lang, t) : v);
  return (c) => {
    const r = c.results;
    if (!r) return t('analysis.cell.empty');
    if (r.mean !== undefined && r.median !== undefined) return t('analysis.columns.meanMedian', { mean: formatNumber(r.mean, lang, DATA_DIGITS), median: formatNumber(r.median, lang, DATA_DIGITS) });
    if (r.category_list?.length)
      return r.category_list
        .slice(0, 3)
        .map((x) => t('analysis.columns.category', { value: valueText(c, x.value), count: formatNumber(x.count, lang) }))
        .join(', ');
    return t('analysis.cell.empty');
  };
}

/** The columns as a list PagedTable draws (cards on a phone): all of them, on one page. */
const wholeList = (rows: AnalysisColumn[]) => ({ rows, total: rows.length, page: 1, setPage: () => undefined, loading: false, error: null, reload: () => undefined });

function ColumnsSection({ project, onChanged, reviewTypes }: { project: Project; onChanged: (m: Message) => void; reviewTypes: boolean }) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const summary = useColumnSummary();
  const [editing, setEditing] = useState<AnalysisColumn | null>(null);
  const columns = project.column_list ?? [];
  const count = (n: number | undefined) => (n === undefined ? t('analysis.cell.empty') : formatNumber(n, lang));
  const tableColumns: TableColumn<AnalysisColumn>[] = [
    {
      header: t('analysis.columns.name'),
      cell: (c) => (
        <>
          {c.column_name}
          {c.expression && <span className="analysis-formula"> ({c.expression})</span>}
        </>
      ),
    },
    { header: t('analysis.columns.type'), cell: (c) => enumLabel(analysisColumnType, c.column_type, lang), priority: 1 },
    { header: t('analysis.columns.unit'), cell: (c) => c.unit || t('analysis.cell.empty'), priority: 3 },
    { header: t('analysis.columns.count'), cell: (c) => count(c.results?.count) },
    { header: t('analysis.columns.missing'), cell: (c) => count(c.results?.missing_count) },
    { header: t('analysis.columns.summary'), cell: summary, priority: 3 },
  ];
  if (project.is_own)
    tableColumns.push({
      header: t('analysis.columns.actions'),
      priority: 1,
      cell: (c) => (
        <button type="button" className="button button--small button--secondary" aria-label={t('analysis.columns.change', { name: c.column_name })} onClick={() => setEditing(c)}>
          {t('analysis.columns.changeShort')}
        </button>
      ),
    });
  return (
    <PagedTable
      id="analysis-columns"
      title={t('analysis.columns.title')}
      list={wholeList(columns)}
      columns={tableColumns}
      rowKey={(c) => c.column_id}
      pageSize={Math.max(columns.length, 1)}
      pagesLabel={t('analysis.columns.title')}
      empty={t('analysis.columns.none')}
      footer={
        <>
          {editing && (
            <ColumnForm
              key={editing.column_id}
              projectId={project.project_id}
              column={editing}
              onClose={() => setEditing(null)}
              onSaved={() => {
                setEditing(null);
                onChanged('columnSaved');
              }}
            />
          )}
          {project.is_own && <CalculatedColumnForm project={project} onSaved={() => onChanged('calculatedSaved')} />}
        </>
      }
    >
      {reviewTypes && project.is_own && <p className="field__hint">{t('analysis.columns.review')}</p>}
    </PagedTable>
  );
}

/** The column as column/save takes it: its settings without the computed results. */
const columnToSave = ({ results: _results, ...column }: AnalysisColumn): AnalysisColumn => column;

function ColumnForm({ projectId, column, onClose, onSaved }: { projectId: string; column: AnalysisColumn; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const errorText = useErrorText();
  const [type, setType] = useState<AnalysisColumnType>(column.column_type);
  const [unit, setUnit] = useState(column.unit ?? '');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setFailure(null);
    try {
      const { unit: _unit, ...rest } = columnToSave(column);
      await wanalyzerProjectColumnSave({ project_id: projectId, column: { ...rest, column_type: type, ...(unit.trim() ? { unit: unit.trim() } : {}) } });
      onSaved();
    } catch (err) {
      setFailure(err);
    } finally {
      setBusy(false);
    }
  };
  const fields = serverFieldErrors(failure, lang);
  return (
    <form className="form analysis-column-form" noValidate onSubmit={submit} aria-label={t('analysis.columns.formTitle', { name: column.column_name })}>
      <h3>{t('analysis.columns.formTitle', { name: column.column_name })}</h3>
      <SelectField label={t('analysis.columns.type')} value={type} onValue={(v) => setType(v as AnalysisColumnType)} options={enumOptions(analysisColumnType, lang)} error={fields.column_type} />
      <TextField label={t('analysis.columns.unit')} value={unit} maxLength={30} onValue={setUnit} error={fields.unit} hint={t('analysis.columns.unitHint')} />
      {failure !== null && !fields.column_type && !fields.unit && <Notice>{errorText(failure)}</Notice>}
      <div className="form__actions">
        <button type="submit" className="button" disabled={busy}>
          {busy ? t('common.sending') : t('analysis.columns.save')}
        </button>
        <button type="button" className="button button--secondary" onClick={onClose}>
          {t('analysis.cancel')}
        </button>
      </div>
    </form>
  );
}

/** A new column computed from the others; the server checks the formula and says what is wrong at the field. */
function CalculatedColumnForm({ project, onSaved }: { project: Project; onSaved: () => void }) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const errorText = useErrorText();
  const [name, setName] = useState('');
  const [formula, setFormula] = useState('');
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const columns = project.column_list ?? [];
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setChecked(true);
    setFailure(null);
    if (!name.trim() || !formula.trim()) return;
    setBusy(true);
    try {
      await wanalyzerProjectColumnSave({
        project_id: project.project_id,
        column: {
          column_id: newUuid(),
          column_index: columns.reduce((max, c) => Math.max(max, c.column_index + 1), 0),
          column_name: name.trim(),
          column_type: 'numeric',
          expression: formula.trim(),
        },
      });
      setName('');
      setFormula('');
      setChecked(false);
      onSaved();
    } catch (err) {
      setFailure(err);
    } finally {
      setBusy(false);
    }
  };
  const fields = serverFieldErrors(failure, lang);
  const required = t('analysis.required');
  // The name taken by another column is about the name; any other refusal that names no field is about the formula.
  const nameTaken = failure instanceof ApiError && failure.status_code === analysisColumnNameTaken.status_code;
  const nameError = fields.column_name ?? (nameTaken ? errorText(failure) : null) ?? (checked && !name.trim() ? required : null);
  const formulaError = fields.expression ?? (failure !== null && !nameError ? errorText(failure) : null) ?? (checked && !formula.trim() ? required : null);
  return (
    <form className="form analysis-calculated" noValidate onSubmit={submit} aria-label={t('analysis.calculated.title')}>
      <h3>{t('analysis.calculated.title')}</h3>
      <p className="field__hint">{t('analysis.calculated.intro')}</p>
      <TextField label={t('analysis.calculated.name')} required value={name} maxLength={200} onValue={setName} error={nameError} />
      <TextAreaField
        label={t('analysis.calculated.formula')}
        required
        value={formula}
        maxLength={2000}
        rows={2}
        onValue={setFormula}
        error={formulaError}
        hint={t('analysis.calculated.formulaHint', { example: formulaExample(columns) })}
      />
      <SubmitButton busy={busy}>{t('analysis.calculated.save')}</SubmitButton>
    </form>
  );
}

function OwnerSection({ project, onSaved }: { project: Project; onSaved: () => void }) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const listPath = usePagePath('user_project');
  const [name, setName] = useState(project.project_name);
  const [description, setDescription] = useState(project.details.description ?? '');
  const [isPublic, setPublic] = useState(project.is_public);
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [deleting, setDeleting] = useState(false);
  const [deleteFailure, setDeleteFailure] = useState<unknown>(null);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    setChecked(true);
    setFailure(null);
    if (!name.trim()) return;
    setBusy(true);
    try {
      await wanalyzerProjectSave({ project_id: project.project_id, project_name: name.trim(), description: description.trim(), is_public: isPublic });
      setChecked(false);
      onSaved();
    } catch (err) {
      setFailure(err);
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    setBusy(true);
    setDeleteFailure(null);
    try {
      await wanalyzerProjectDelete({ project_id: project.project_id });
      if (listPath) navigate(listPath, { state: { deleted: project.project_name } });
    } catch (err) {
      setDeleteFailure(err);
      setDeleting(false);
    } finally {
      setBusy(false);
    }
  };
  const fields = serverFieldErrors(failure, lang);

  return (
    <section className="section" aria-labelledby="analysis-settings">
      <h2 id="analysis-settings">{t('analysis.settings.title')}</h2>
      <form className="form" noValidate onSubmit={save} aria-labelledby="analysis-settings">
        <TextField label={t('analysis.settings.name')} required value={name} maxLength={200} onValue={setName} error={fields.project_name ?? (checked && !name.trim() ? t('analysis.required') : null)} />
        <TextAreaField label={t('analysis.settings.description')} value={description} maxLength={2000} rows={3} onValue={setDescription} error={fields.description} />
        <CheckboxField label={t('analysis.settings.public')} hint={t('analysis.settings.publicHint')} checked={isPublic} onChecked={setPublic} />
        {failure !== null && !fields.project_name && !fields.description && <Notice>{errorText(failure)}</Notice>}
        <SubmitButton busy={busy}>{t('analysis.settings.save')}</SubmitButton>
      </form>
      <h3>{t('analysis.delete.title')}</h3>
      <p>{t('analysis.delete.intro')}</p>
      {deleteFailure !== null && <Notice>{errorText(deleteFailure)}</Notice>}
      <button type="button" className="button button--danger" onClick={() => setDeleting(true)}>
        {t('analysis.delete.button')}
      </button>
      {deleting && (
        <ConfirmDialog title={t('analysis.delete.confirmTitle', { name: project.project_name })} confirmLabel={t('analysis.delete.confirm')} busy={busy} onConfirm={() => void remove()} onCancel={() => setDeleting(false)}>
          <p>{t('analysis.delete.confirmText')}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}

/** The formula hint's example: the mean of two numeric columns (arithmetic on a category would be refused). */
function formulaExample(columns: AnalysisColumn[]): string {
  const [a, b] = columns.filter((c) => c.column_type === 'numeric');
  return a && b ? `(${a.column_name} + ${b.column_name}) / 2` : '(a + b) / 2';
}

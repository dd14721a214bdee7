// add_dataset (signed in, shop on): a new analysis project from an Excel workbook. The file is checked in the
// browser first (.xls/.xlsx, at most 10 MB: the server's own words), then priced by the server
// (/excel/calculate_credit: filled cells, credits needed, the balance, enough or not); the project is saved with
// the file (/wanalyzer/project/save, which deducts the credits in the same transaction) only after the user
// confirms the price, and its home then shows the column types the server detected, for review. Not enough
// credit says so with a way to the shop.
import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors';
import { useActiveLabel } from '../../app/router/hooks';
import { CheckboxField, ConfirmDialog, focusFirstInvalid, formatNumber, Notice, serverFieldErrors, TextAreaField, TextField, useErrorText } from '../../app/ui';
import { excelCellLimit, excelType, fileSizeNotEligible, invalidFileType, notEnoughCredit, type StatusEntry } from '../../generated/errors';
import { excelCalculateCredit, wanalyzerProjectSave } from '../../generated/client';
import type { ExcelCalculateCreditResponse } from '../../generated/types/routes';
import type { PageProps } from '../../app/router/registry';
import { usePagePath } from '../shared/hooks';
import { EXCEL_ACCEPT, excelRefusal, readExcelFile, type ExcelFile } from './excel-file';
import type { ProjectArrival } from './ProjectHome';
import { withProject } from './project-links';
import './strings';
import './analysis.css';

/** Where the upload is: each step a big workbook takes seconds in says so. */
type Stage = 'idle' | 'reading' | 'pricing' | 'saving';
/** The refusals that are about the file itself, shown at the file field. */
const FILE_REFUSALS: ReadonlySet<string> = new Set([excelType, invalidFileType, excelCellLimit, fileSizeNotEligible].map((s) => s.status_code));
const isFileRefusal = (e: unknown) => e instanceof ApiError && FILE_REFUSALS.has(e.status_code);
const isNotEnoughCredit = (e: unknown) => e instanceof ApiError && e.status_code === notEnoughCredit.status_code;

/** The name a project gets from its file until the user writes another: the file's name without its extension. */
const nameOfFile = (fileName: string) => fileName.replace(/\.(xlsx|xls)$/i, '').slice(0, 200);

export default function AddDataset({ page }: PageProps) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const projectPath = usePagePath('user_project');
  const shopPath = usePagePath('shop');
  const fileId = useId().replace(/:/g, '');
  const form = useRef<HTMLFormElement>(null);
  const [stage, setStage] = useState<Stage>('idle');
  const [file, setFile] = useState<ExcelFile | null>(null);
  const [quote, setQuote] = useState<ExcelCalculateCreditResponse | null>(null);
  const [refusal, setRefusal] = useState<StatusEntry | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [isPublic, setPublic] = useState(false);
  const [checked, setChecked] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0];
    setFile(null);
    setQuote(null);
    setFailure(null);
    setRefusal(null);
    if (!chosen) return;
    const refused = excelRefusal(chosen);
    if (refused) {
      e.target.value = '';
      setRefusal(refused);
      return;
    }
    try {
      setStage('reading');
      const excel = await readExcelFile(chosen);
      setStage('pricing');
      const priced = await excelCalculateCredit({ excel_file: excel });
      setFile(excel);
      setQuote(priced);
      setName((n) => n || nameOfFile(chosen.name));
    } catch (err) {
      e.target.value = '';
      setFailure(err);
    } finally {
      setStage('idle');
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setChecked(true);
    if (!file || !quote || !name.trim() || !quote.is_credit_enough) {
      focusFirstInvalid(form.current);
      return;
    }
    setConfirming(true);
  };

  const save = async () => {
    if (!file) return;
    setConfirming(false);
    setFailure(null);
    setStage('saving');
    try {
      const saved = await wanalyzerProjectSave({ project_name: name.trim(), ...(description.trim() ? { description: description.trim() } : {}), is_public: isPublic, excel_file: file });
      const arrival: ProjectArrival = { saved: { credit_used: saved.credit_used, credit_balance: saved.credit_balance } };
      if (projectPath) navigate(withProject(projectPath, saved.project.project_id), { state: arrival });
    } catch (err) {
      setFailure(err);
      setStage('idle');
    }
  };

  const fileError = refusal ? refusal.message[lang] : isFileRefusal(failure) ? errorText(failure) : checked && !file ? t('analysis.add.fileMissing') : null;
  const fields = serverFieldErrors(failure, lang);
  const nameError = fields.project_name ?? (checked && !name.trim() ? t('analysis.required') : null);
  const short = quote && !quote.is_credit_enough;
  const otherFailure = failure !== null && !isFileRefusal(failure) && !isNotEnoughCredit(failure) && !fields.project_name ? errorText(failure) : null;
  const busy = stage !== 'idle';

  return (
    <article className="page analysis" aria-labelledby="page-title">
      <h1 id="page-title">{page.caption[lang]}</h1>
      <p>{t('analysis.add.intro')}</p>
      <form ref={form} className="form analysis-add" noValidate onSubmit={submit} aria-labelledby="page-title">
        <div className="field">
          <label htmlFor={fileId} className="field__label">
            {t('analysis.add.file')}
            <span className="field__required" aria-hidden="true">
              {' '}
              *
            </span>
          </label>
          <input
            id={fileId}
            type="file"
            accept={EXCEL_ACCEPT}
            className="field__input"
            disabled={busy}
            required
            aria-invalid={fileError ? true : undefined}
            aria-describedby={`${fileId}-hint${fileError ? ` ${fileId}-error` : ''}`}
            onChange={(e) => void choose(e)}
          />
          <p id={`${fileId}-hint`} className="field__hint">
            {t('analysis.add.fileHint', { cells: formatNumber(100_000, lang) })}
          </p>
          {fileError && (
            <p id={`${fileId}-error`} className="field__error">
              {fileError}
            </p>
          )}
        </div>
        {stage !== 'idle' && (
          <p role="status" className="analysis-add__stage">
            {t(`analysis.add.stage.${stage}`)}
          </p>
        )}
        {quote && (
          <section className="analysis-quote" aria-labelledby="analysis-quote">
            <h2 id="analysis-quote">{t('analysis.add.quote')}</h2>
            <dl className="facts">
              <div className="facts__row">
                <dt>{t('analysis.add.filledCells')}</dt>
                <dd>{formatNumber(quote.filled_cell_count, lang)}</dd>
              </div>
              <div className="facts__row">
                <dt>{t('analysis.add.creditNeeded')}</dt>
                <dd>{formatNumber(quote.credit_needed, lang)}</dd>
              </div>
              <div className="facts__row">
                <dt>{t('analysis.add.balance')}</dt>
                <dd>{formatNumber(quote.credit_balance, lang)}</dd>
              </div>
            </dl>
            {quote.is_credit_enough ? <p>{t('analysis.add.enough')}</p> : null}
          </section>
        )}
        {(short || isNotEnoughCredit(failure)) && (
          <Notice>
            {notEnoughCredit.message[lang]}{' '}
            {shopPath && <Link to={shopPath}>{t('analysis.add.toShop')}</Link>}
          </Notice>
        )}
        <TextField label={t('analysis.settings.name')} required value={name} maxLength={200} onValue={setName} error={nameError} />
        <TextAreaField label={t('analysis.settings.description')} value={description} maxLength={2000} rows={3} onValue={setDescription} error={fields.description} />
        <CheckboxField label={t('analysis.settings.public')} hint={t('analysis.settings.publicHint')} checked={isPublic} onChecked={setPublic} />
        {otherFailure && <Notice>{otherFailure}</Notice>}
        <div className="form__actions">
          <button type="submit" className="button" disabled={busy || Boolean(short)}>
            {quote ? t('analysis.add.saveFor', { count: quote.credit_needed, credits: formatNumber(quote.credit_needed, lang) }) : t('analysis.add.save')}
          </button>
        </div>
      </form>
      {confirming && quote && (
        <ConfirmDialog
          title={t('analysis.add.confirmTitle')}
          confirmLabel={t('analysis.add.confirm')}
          onConfirm={() => void save()}
          onCancel={() => setConfirming(false)}
        >
          <p>{t('analysis.add.confirmText', { count: quote.credit_needed, credits: formatNumber(quote.credit_needed, lang), balance: formatNumber(quote.credit_balance - quote.credit_needed, lang) })}</p>
        </ConfirmDialog>
      )}
    </article>
  );
}

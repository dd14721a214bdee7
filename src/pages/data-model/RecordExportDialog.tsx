// The export of a data model's records: CSV or Excel, an optional row of labels, choices as labels, and the
// de-identification the server applies (leave out, or pseudonymize, the parameters flagged for anonymization).
// The server writes the file (/v1/data_model/record/export, answered as base64) with the list's version and
// date filters; the page saves it.
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { dataModelRecordExport } from '../../generated/client/data_model_record';
import type { DataModelRecordExportRequest } from '../../generated/types/routes';
import { CheckboxField, Notice, useErrorText, useModalFocus } from '../../app/ui';
import { saveDownloadFile } from '../../app/ui/download';

type Format = NonNullable<DataModelRecordExportRequest['format']>;
type Deidentify = 'none' | NonNullable<DataModelRecordExportRequest['deidentified']>['mode'];

const FORMATS: readonly Format[] = ['xlsx', 'csv'];
const DEIDENTIFY: readonly Deidentify[] = ['none', 'drop', 'pseudonymize'];
/** The list filters the export route takes too (the search is the list's alone). */
const FILTERS = ['version', 'created_at_from', 'created_at_to'] as const;

export interface RecordExportDialogProps {
  dataModelId: string;
  /** The list's filters by route input name: the export holds the records they leave. */
  filters: Record<string, string>;
  onDone: (count: number) => void;
  onCancel: () => void;
}

export function RecordExportDialog({ dataModelId, filters, onDone, onCancel }: RecordExportDialogProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const id = useId().replace(/:/g, '');
  const { dialogRef, firstRef, onKeyDown } = useModalFocus<HTMLInputElement>(onCancel);
  const [format, setFormat] = useState<Format>('xlsx');
  const [labels, setLabels] = useState(true);
  const [choiceLabels, setChoiceLabels] = useState(false);
  const [deidentify, setDeidentify] = useState<Deidentify>('none');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const narrowed = FILTERS.filter((f) => filters[f]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const answer = await dataModelRecordExport({
        data_model_id: dataModelId,
        format,
        labels,
        choice_labels: choiceLabels,
        ...(deidentify === 'none' ? {} : { deidentified: { mode: deidentify } }),
        ...(filters.version ? { version: Number(filters.version) } : {}),
        ...(filters.created_at_from ? { created_at_from: filters.created_at_from } : {}),
        ...(filters.created_at_to ? { created_at_to: filters.created_at_to } : {}),
      });
      saveDownloadFile(answer.file);
      onDone(answer.record_count);
    } catch (err) {
      setError(err);
      setBusy(false);
    }
  };

  return (
    <div className="dialog-backdrop">
      <div ref={dialogRef} className="dialog dm-export" role="dialog" aria-modal="true" aria-labelledby={`${id}-title`} onKeyDown={onKeyDown}>
        <h2 id={`${id}-title`}>{t('records.export.title')}</h2>
        <form onSubmit={(e) => void submit(e)} noValidate>
          <p className="field__hint">{narrowed.length ? t('records.export.filtered') : t('records.export.all')}</p>
          <fieldset className="fieldset dm-choices">
            <legend>{t('records.export.format')}</legend>
            {FORMATS.map((f, i) => (
              <label key={f}>
                <input ref={i === 0 ? firstRef : undefined} type="radio" name={`${id}-format`} value={f} checked={format === f} onChange={() => setFormat(f)} />
                {t(`records.export.formats.${f}`)}
              </label>
            ))}
          </fieldset>
          <fieldset className="fieldset dm-choices">
            <legend>{t('records.export.header')}</legend>
            <CheckboxField label={t('records.export.labels')} name="labels" checked={labels} onChecked={setLabels} />
            <CheckboxField label={t('records.export.choiceLabels')} name="choice_labels" checked={choiceLabels} onChecked={setChoiceLabels} />
          </fieldset>
          <fieldset className="fieldset dm-choices" aria-describedby={`${id}-deid-hint`}>
            <legend>{t('records.export.deidentify')}</legend>
            {DEIDENTIFY.map((m) => (
              <label key={m}>
                <input type="radio" name={`${id}-deidentify`} value={m} checked={deidentify === m} onChange={() => setDeidentify(m)} />
                {t(`records.export.modes.${m}`)}
              </label>
            ))}
            <p id={`${id}-deid-hint`} className="field__hint">
              {t('records.export.deidentifyHint')}
            </p>
          </fieldset>
          {error ? <Notice>{errorText(error)}</Notice> : null}
          <div className="dialog__actions">
            <button type="button" className="button button--secondary" onClick={onCancel}>
              {t('records.export.cancel')}
            </button>
            <button type="submit" className="button" disabled={busy}>
              {busy ? t('records.export.busy') : t('records.export.submit')}
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}

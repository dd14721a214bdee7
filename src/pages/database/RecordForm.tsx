// A layer record's form, generated from the layer's parameters: checked as the server checks it
// (src/domain/layer-record.ts) with each problem at its field, saved with its row version (a record changed
// meanwhile answers 409: load the latest), deleted after a confirmation.
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors';
import { useActiveLabel } from '../../app/router/hooks';
import { ConfirmDialog, focusFirstInvalid, Notice, serverFieldErrors, useErrorText, useFocusOnMount } from '../../app/ui';
import { checkLayerRecord, layerProblemMessage, layerRecordName } from '../../domain/layer-record';
import { dbDataGet, dbRecord, dbRecordDelete } from '../../generated/client';
import type { DataLayer, LayerRecord } from '../../generated/types/entities';
import { ParameterField } from './ParameterField';
import { formRecord, formTexts } from './values';

export interface Editing {
  record?: LayerRecord;
  /** A new record's place in a tree layer: the record above it. */
  parent?: LayerRecord;
}

export function RecordForm({
  layer,
  editing,
  onDone,
  onLatest,
  onClose,
}: {
  layer: DataLayer;
  editing: Editing;
  onDone: (done: 'saved' | 'deleted') => void;
  /** Opens the form again on the record as it is now (after a 409), or closes it when it is gone. */
  onLatest: (record: LayerRecord | undefined) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const errorText = useErrorText();
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useFocusOnMount<HTMLHeadingElement>();
  const { record, parent } = editing;
  const [texts, setTexts] = useState(() => formTexts(layer.parameter_list, record?.record));
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const nameOf = (r: LayerRecord) => layerRecordName(layer, r.record as never, lang) || t('database.unnamed');
  const readOnly = layer.is_system;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const values = formRecord(layer.parameter_list, texts);
    const problems = checkLayerRecord(layer, values);
    setFailure(null);
    setFieldErrors(Object.fromEntries(problems.map((p) => [p.field, layerProblemMessage(p, lang)])));
    if (problems.length) return focusFirstInvalid(formRef.current);
    setBusy(true);
    try {
      await dbRecord({
        layer_code: layer.layer_code,
        record: values,
        ...(record ? { record_id: record.record_id, row_version: record.row_version } : {}),
        ...((record?.parent_record_id ?? parent?.record_id) ? { parent_record_id: record?.parent_record_id ?? parent?.record_id } : {}),
      });
      onDone('saved');
    } catch (err) {
      setFailure(err);
      setFieldErrors(serverFieldErrors(err, lang));
      focusFirstInvalid(formRef.current);
    } finally {
      setBusy(false);
    }
  };

  const onDelete = async () => {
    if (!record) return;
    setBusy(true);
    try {
      await dbRecordDelete({ layer_code: layer.layer_code, record_id: record.record_id, row_version: record.row_version });
      onDone('deleted');
    } catch (err) {
      setFailure(err);
      setConfirming(false);
    } finally {
      setBusy(false);
    }
  };

  const loadLatest = async () => {
    if (!record) return;
    try {
      onLatest((await dbDataGet({ layer_code: layer.layer_code, record_id: record.record_id })).record_list[0]);
    } catch (err) {
      setFailure(err);
    }
  };

  const conflict = failure instanceof ApiError && failure.httpStatus === 409;
  const title = record ? t('database.editRecord', { name: nameOf(record) }) : parent ? t('database.newRecordUnder', { name: nameOf(parent) }) : t('database.newRecord');
  return (
    <section className="section database__form" aria-labelledby="record-title">
      <h2 id="record-title" ref={headingRef} tabIndex={-1}>
        {title}
      </h2>
      {failure !== null && (
        <Notice>
          {errorText(failure)}{' '}
          {conflict && (
            <button type="button" className="button button--small button--secondary" onClick={loadLatest}>
              {t('database.conflict')}
            </button>
          )}
        </Notice>
      )}
      <form ref={formRef} className="form" noValidate onSubmit={onSubmit} aria-labelledby="record-title">
        <fieldset disabled={readOnly} className="database__fields">
          {layer.parameter_list.map((p) => (
            <ParameterField
              key={p.id}
              parameter={p}
              label={p.label[lang]}
              value={texts[p.id] ?? ''}
              onValue={(v) => setTexts((s) => ({ ...s, [p.id]: v }))}
              error={fieldErrors[p.id]}
              required={p.required}
            />
          ))}
        </fieldset>
        <div className="form__actions">
          {!readOnly && (
            <button type="submit" className="button" disabled={busy}>
              {busy ? t('common.saving') : t('database.save')}
            </button>
          )}
          {!readOnly && record && (
            <button type="button" className="button button--danger" onClick={() => setConfirming(true)} disabled={busy}>
              {t('database.delete')}
            </button>
          )}
          <button type="button" className="button button--secondary" onClick={onClose}>
            {t('database.cancel')}
          </button>
        </div>
      </form>
      {confirming && record && (
        <ConfirmDialog title={t('database.deleteTitle')} confirmLabel={t('database.delete')} onConfirm={onDelete} onCancel={() => setConfirming(false)} busy={busy}>
          <p>{t('database.deleteText', { name: nameOf(record) })}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}

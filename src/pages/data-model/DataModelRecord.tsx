// data_model_record: recording with a data model's newest published version (`?data_model_id=…`, and
// `data_model_record_id=…` to go on with a saved record: the record view of the generic screen data_model_record,
// whose list rows open it). The form is the recording form (renderers/data-model-form), which checks as the
// server does; a refusal's problems (14060 problem_list) show at their fields, and a save that another one
// overtook (14082, HTTP 409) says so and offers the record as it is now saved.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { dataModelGet } from '../../generated/client/data_model';
import { dataModelRecordGet, dataModelRecordSave } from '../../generated/client/data_model_record';
import { recordInvalid, recordVersionConflict } from '../../generated/errors';
import type { DataModel, DataModelRecord } from '../../generated/types/entities';
import { nameOf } from '../../domain/data-model/document';
import type { RecordValues } from '../../domain/data-model/record';
import { ApiError } from '../../api/errors';
import { useActiveLabel } from '../../app/router/hooks';
import type { PageProps } from '../../app/router/registry';
import { Notice, useErrorText } from '../../app/ui';
import { RecordingForm, type ServerProblem } from '../../../renderers/data-model-form/RecordingForm';
import { usePagePath } from '../shared/hooks';
import { MODEL_PARAM, RECORD_PARAM, withModel } from './params';
import './data-model-pages.css';

type Loaded = { state: 'loading' } | { state: 'failed'; error: unknown } | { state: 'unpublished' } | { state: 'ready'; model: DataModel };
type Outcome = { kind: 'saved'; record: DataModelRecord } | { kind: 'conflict' } | { kind: 'failed'; error: unknown } | { kind: 'reloaded' };

/** The model's newest published version: the get answers the newest version, which may be a draft after it. */
async function publishedModel(dataModelId: string): Promise<DataModel | null> {
  const newest = (await dataModelGet({ data_model_id: dataModelId })).data_model;
  const published = newest.published_version;
  if (!published) return null;
  if (newest.version === published && newest.status === 'published') return newest;
  return (await dataModelGet({ data_model_id: dataModelId, version: published })).data_model;
}

/** A model version as recorded with: a saved record keeps the version it was made with, which may be older than the newest. */
async function recordModel(dataModelId: string, record: DataModelRecord | null): Promise<DataModel | null> {
  if (!record) return publishedModel(dataModelId);
  return (await dataModelGet({ data_model_id: dataModelId, version: record.version })).data_model;
}

/** A record's values in the form's types: the entity schema leaves them open; the server checked them against the version. */
const valuesOf = (record: DataModelRecord) => record.values as RecordValues;

const isCode = (error: unknown, code: string): error is ApiError => error instanceof ApiError && error.status_code === code;

export default function DataModelRecordPage({ page }: PageProps) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const errorText = useErrorText();
  const [query, setQuery] = useSearchParams();
  // A website unit of kind data_model_form names its model; the catalogue's page takes it from the address.
  const unit = page.content?.kind === 'data_model_form' ? page.content : undefined;
  const dataModelId = unit?.data_model_id ?? query.get(MODEL_PARAM);
  const recordId = query.get(RECORD_PARAM);
  const recordsPath = usePagePath('data_model_records');
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [values, setValues] = useState<RecordValues>({});
  const [record, setRecord] = useState<DataModelRecord | null>(null);
  const [problems, setProblems] = useState<ServerProblem[] | undefined>();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once per model and record named in the address (a save puts its record id there without loading again)
  useEffect(() => {
    if (!dataModelId) return;
    let live = true;
    setLoaded({ state: 'loading' });
    (async () => {
      const existing = recordId && recordId !== record?.data_model_record_id ? (await dataModelRecordGet({ data_model_record_id: recordId })).data_model_record : null;
      const model = await recordModel(dataModelId, existing);
      if (!live) return;
      if (!model) return setLoaded({ state: 'unpublished' });
      if (existing) {
        setRecord(existing);
        setValues(valuesOf(existing));
      }
      setLoaded({ state: 'ready', model });
    })().catch((error: unknown) => live && setLoaded({ state: 'failed', error }));
    return () => {
      live = false;
    };
  }, [dataModelId]);

  const save = async (clean: RecordValues) => {
    if (loaded.state !== 'ready') return;
    setBusy(true);
    setOutcome(null);
    try {
      const answer = await dataModelRecordSave({
        data_model_id: loaded.model.data_model_id!,
        ...(record ? { data_model_record_id: record.data_model_record_id, row_version: record.row_version } : { version: loaded.model.version }),
        values: clean,
      });
      const saved = answer.data_model_record;
      setRecord(saved);
      setValues(valuesOf(saved));
      setProblems(undefined);
      setOutcome({ kind: 'saved', record: saved });
      if (query.get(RECORD_PARAM) !== saved.data_model_record_id)
        setQuery(
          (q) => {
            q.set(RECORD_PARAM, saved.data_model_record_id);
            return q;
          },
          { replace: true },
        );
    } catch (error) {
      const list = isCode(error, recordInvalid.status_code) ? error.details.problem_list : undefined;
      if (Array.isArray(list)) setProblems(list as ServerProblem[]);
      else setOutcome(isCode(error, recordVersionConflict.status_code) ? { kind: 'conflict' } : { kind: 'failed', error });
    } finally {
      setBusy(false);
    }
  };

  // After a conflict: the record as it is saved now, the form's unsaved changes given up (the person chose so).
  const loadLatest = async () => {
    if (!record) return;
    setBusy(true);
    try {
      const latest = (await dataModelRecordGet({ data_model_record_id: record.data_model_record_id })).data_model_record;
      setRecord(latest);
      setValues(valuesOf(latest));
      setProblems(undefined);
      setOutcome({ kind: 'reloaded' });
    } catch (error) {
      setOutcome({ kind: 'failed', error });
    } finally {
      setBusy(false);
    }
  };

  /** A new, empty record with the same version (the one just saved stays as it is). */
  const startOver = () => {
    setRecord(null);
    setValues({});
    setProblems(undefined);
    setOutcome(null);
    if (query.has(RECORD_PARAM))
      setQuery(
        (q) => {
          q.delete(RECORD_PARAM);
          return q;
        },
        { replace: true },
      );
  };

  const recordsLink = recordsPath && dataModelId ? withModel(recordsPath, dataModelId) : null;

  return (
    <article className="page" aria-labelledby="page-title">
      <h1 id="page-title">{page.caption[lang]}</h1>
      {recordsLink && (
        <p className="screen__back">
          <Link to={recordsLink}>{t('recording.toRecords')}</Link>
        </p>
      )}
      {!dataModelId ? (
        <Notice kind="info">{t('recording.noModel')}</Notice>
      ) : loaded.state === 'loading' ? (
        <p role="status">{t('recording.loading')}</p>
      ) : loaded.state === 'failed' ? (
        <Notice>{errorText(loaded.error)}</Notice>
      ) : loaded.state === 'unpublished' ? (
        <Notice kind="info">{t('recording.notPublished')}</Notice>
      ) : (
        <>
          {unit?.text?.[lang] && <p className="dm-page__intro">{unit.text[lang]}</p>}
          <p className="dm-page__model">
            <strong>{nameOf(loaded.model.title, lang, '')}</strong> · {t('recording.version', { version: loaded.model.version })}
            {record && ` · ${t('recording.recordedBy', { by: record.created_by })}`}
          </p>
          {outcome?.kind === 'saved' && (
            <Notice kind="success">
              {t('recording.saved', { version: outcome.record.version })}
              {outcome.record.warning_list.length > 0 && ` ${t('recording.savedWithWarnings', { count: outcome.record.warning_list.length })}`}{' '}
              <button type="button" className="button button--secondary button--small" onClick={startOver}>
                {t('recording.another')}
              </button>
            </Notice>
          )}
          {outcome?.kind === 'conflict' && (
            <Notice>
              {t('recording.conflict')}{' '}
              <button type="button" className="button button--secondary button--small" disabled={busy} onClick={() => void loadLatest()}>
                {t('recording.loadLatest')}
              </button>
            </Notice>
          )}
          {outcome?.kind === 'reloaded' && <Notice kind="info">{t('recording.reloaded')}</Notice>}
          {outcome?.kind === 'failed' && <Notice>{errorText(outcome.error)}</Notice>}
          <RecordingForm model={loaded.model} values={values} onChange={setValues} problems={problems} onSubmit={(v) => void save(v)} busy={busy} />
        </>
      )}
    </article>
  );
}

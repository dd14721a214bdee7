// data_model_record: recording with a data model's newest published version (`?data_model_id=…`, and
// `record_id=…` to go on with a saved record). The form is the recording form (renderers/data-model-form), which
// checks as the server does; the save goes through renderers/data-model-form/recordApi.ts, and a refusal's
// problems (14060 problem_list) show at their fields.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { dataModelGet } from '../../generated/client/data_model';
import type { DataModel } from '../../generated/types/entities';
import { nameOf } from '../../domain/data-model/document';
import type { RecordProblem, RecordValues } from '../../domain/data-model/record';
import { ApiError } from '../../api/errors';
import { useActiveLabel } from '../../app/router/hooks';
import type { PageProps } from '../../app/router/registry';
import { Notice, useErrorText } from '../../app/ui';
import { RecordingForm, type ServerProblem } from '../../../renderers/data-model-form/RecordingForm';
import './data-model-pages.css';
import { dataModelRecordGet, dataModelRecordSave, RECORD_INVALID, type DataModelRecord } from '../../../renderers/data-model-form/recordApi';

type Loaded = { state: 'loading' } | { state: 'failed'; error: unknown } | { state: 'unpublished' } | { state: 'ready'; model: DataModel };

/** The model's newest published version: the get answers the newest version, which may be a draft after it. */
async function publishedModel(dataModelId: string): Promise<DataModel | null> {
  const newest = (await dataModelGet({ data_model_id: dataModelId })).data_model;
  const published = newest.published_version;
  if (!published) return null;
  if (newest.version === published && newest.status === 'published') return newest;
  return (await dataModelGet({ data_model_id: dataModelId, version: published })).data_model;
}

export default function DataModelRecordPage({ page }: PageProps) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const errorText = useErrorText();
  const [query, setQuery] = useSearchParams();
  const dataModelId = query.get('data_model_id');
  const recordId = query.get('record_id');
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [values, setValues] = useState<RecordValues>({});
  const [record, setRecord] = useState<DataModelRecord | null>(null);
  const [problems, setProblems] = useState<ServerProblem[] | undefined>();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ kind: 'saved'; record: DataModelRecord; warnings: number } | { kind: 'refused' } | { kind: 'failed'; error: unknown } | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once per model and record named in the address (a save puts its record id there without loading again)
  useEffect(() => {
    if (!dataModelId) return;
    let live = true;
    setLoaded({ state: 'loading' });
    (async () => {
      const model = await publishedModel(dataModelId);
      if (!model) return live && setLoaded({ state: 'unpublished' });
      const existing = recordId && recordId !== record?.record_id ? (await dataModelRecordGet({ record_id: recordId })).record : null;
      if (!live) return;
      if (existing) {
        setRecord(existing);
        setValues(existing.values);
      }
      setLoaded({ state: 'ready', model });
    })().catch((error: unknown) => live && setLoaded({ state: 'failed', error }));
    return () => {
      live = false;
    };
  }, [dataModelId]);

  const save = async (clean: RecordValues, _warnings: RecordProblem[]) => {
    if (loaded.state !== 'ready') return;
    setBusy(true);
    setOutcome(null);
    try {
      const answer = await dataModelRecordSave({
        data_model_id: loaded.model.data_model_id!,
        version: loaded.model.version,
        ...(record ? { record_id: record.record_id, row_version: record.row_version } : {}),
        values: clean,
      });
      setRecord(answer.record);
      setValues(answer.record.values);
      setProblems(undefined);
      setOutcome({ kind: 'saved', record: answer.record, warnings: answer.record.warnings?.length ?? 0 });
      if (query.get('record_id') !== answer.record.record_id)
        setQuery(
          (q) => {
            q.set('record_id', answer.record.record_id);
            return q;
          },
          { replace: true },
        );
    } catch (error) {
      const list = error instanceof ApiError && error.status_code === RECORD_INVALID ? error.details.problem_list : undefined;
      if (Array.isArray(list)) {
        setProblems(list as ServerProblem[]);
        setOutcome({ kind: 'refused' });
      } else setOutcome({ kind: 'failed', error });
    } finally {
      setBusy(false);
    }
  };

  return (
    <article className="page" aria-labelledby="page-title">
      <h1 id="page-title">{page.caption[lang]}</h1>
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
          <p className="dm-page__model">
            <strong>{nameOf(loaded.model.title, lang, '')}</strong> · {t('recording.version', { version: loaded.model.version })}
          </p>
          {outcome?.kind === 'saved' && (
            <Notice kind="success">
              {t('recording.saved', { version: outcome.record.version })}
              {outcome.warnings > 0 && ` ${t('recording.savedWithWarnings', { count: outcome.warnings })}`}
            </Notice>
          )}
          {outcome?.kind === 'failed' && <Notice>{errorText(outcome.error)}</Notice>}
          <RecordingForm model={loaded.model} values={values} onChange={setValues} problems={problems} onSubmit={(v, w) => void save(v, w)} busy={busy} />
        </>
      )}
    </article>
  );
}

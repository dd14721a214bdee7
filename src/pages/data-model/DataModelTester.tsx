// data_model_tester: a tester drops (or picks) a data model and a record, both JSON, and sees every problem
// exactly as the recording form shows it — the form filled with the record, side by side in Turkish and in
// English — and the list of all problems with their paths. Files are read in the browser only (FileReader);
// nothing is sent. A model may also be one of the caller's own (data_model/list and get).
import { useEffect, useId, useMemo, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { dataModelGet, dataModelList } from '../../generated/client/data_model';
import type { DataModel } from '../../generated/types/entities';
import { LANGS, nameOf } from '../../domain/data-model/document';
import { compileRecordModel, DATE_FORMS, recordProblemMessage, type RecordValues } from '../../domain/data-model/record';
import type { Lang } from '../../domain/language';
import { statusMessage } from '../../domain/status-messages';
import { statusCatalogue } from '../../generated/errors';
import { useActiveLabel } from '../../app/router/hooks';
import type { PageProps } from '../../app/router/registry';
import { Notice, TextField, useErrorText } from '../../app/ui';
import { pathLabel, RecordingForm } from '../../../renderers/data-model-form/RecordingForm';
import { pathKey } from '../../../renderers/data-model-form/values';
import './data-model-pages.css';

type Parsed<T> = { name: string; value: T } | { name: string; error: 'json' | 'shape' };

/** A file's text, read in the browser. */
const readText = (file: File): Promise<string> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(file);
  });

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A data model as a file holds it: the document itself, or a get answer's `data_model`. */
function asModel(json: unknown): DataModel | null {
  const doc = isObject(json) && isObject(json.data_model) ? json.data_model : json;
  return isObject(doc) && Array.isArray(doc.group_list) ? (doc as unknown as DataModel) : null;
}

/** A record as a file holds it: its values by code, or a saved record's `values`. */
function asValues(json: unknown, model: DataModel | null): RecordValues | null {
  if (!isObject(json)) return null;
  const ownValues = model?.group_list.some((g) => g.parameter_list.some((p) => p.code === 'values'));
  if (isObject(json.values) && !ownValues) return json.values as RecordValues;
  if (isObject(json.record) && isObject(json.record.values)) return json.record.values as RecordValues;
  return json as RecordValues;
}

const todayIso = () => new Date().toISOString().slice(0, 10);

export default function DataModelTester({ page }: PageProps) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const errorText = useErrorText();
  const [modelFile, setModelFile] = useState<Parsed<DataModel> | null>(null);
  const [recordFile, setRecordFile] = useState<Parsed<unknown> | null>(null);
  const [values, setValues] = useState<RecordValues>({});
  const [today, setToday] = useState(todayIso);
  const [mine, setMine] = useState<{ id: string; title: string; version: number }[] | null>(null);
  const [picked, setPicked] = useState('');
  const [callError, setCallError] = useState<unknown>(null);

  useEffect(() => {
    let live = true;
    dataModelList({ status: 'published', page_size: 100 })
      .then((a) => {
        if (!live) return;
        setMine(a.data_model_list.filter((m) => m.published_version).map((m) => ({ id: m.data_model_id, title: nameOf(m.title, lang, m.data_model_id), version: m.published_version! })));
      })
      .catch(() => live && setMine([]));
    return () => {
      live = false;
    };
  }, [lang]);

  const model = modelFile && 'value' in modelFile ? modelFile.value : null;
  // The record's values follow a new record file or model: what the file says, to be seen as the form shows it.
  useEffect(() => {
    setValues(recordFile && 'value' in recordFile ? (asValues(recordFile.value, model) ?? {}) : {});
  }, [recordFile, model]);

  const loadModel = async (file: File) => {
    setPicked('');
    setModelFile(await parseFile(file, asModel));
  };
  const loadRecord = async (file: File) => setRecordFile(await parseFile(file, (json) => (isObject(json) ? json : null)));
  const pick = async (id: string) => {
    setPicked(id);
    setCallError(null);
    if (!id) return;
    const entry = mine?.find((m) => m.id === id);
    try {
      const answer = await dataModelGet({ data_model_id: id, version: entry?.version });
      setModelFile({ name: nameOf(answer.data_model.title, lang, id), value: answer.data_model });
    } catch (e) {
      setCallError(e);
    }
  };

  const compiled = useMemo(() => (model ? compileRecordModel(model) : null), [model]);
  const problems = useMemo(() => (compiled ? compiled.check(values, { today }) : []), [compiled, values, today]);
  const fileMessage = (f: Parsed<unknown> | null, shape: string) =>
    f && 'error' in f ? (f.error === 'json' ? statusMessage('malformed_body', lang) : shape) : undefined;

  return (
    <article className="page dm-tester" aria-labelledby="page-title">
      <h1 id="page-title">{page.caption[lang]}</h1>
      <p className="dm-tester__intro">{t('recording.tester.intro')}</p>
      <div className="dm-tester__inputs">
        <DropZone label={t('recording.tester.modelFile')} file={modelFile} error={fileMessage(modelFile, t('recording.tester.notModel'))} onFile={(f) => void loadModel(f)} />
        <DropZone label={t('recording.tester.recordFile')} file={recordFile} error={fileMessage(recordFile, t('recording.tester.notObject'))} onFile={(f) => void loadRecord(f)} />
        <div className="dm-tester__side">
          <div className="field">
            <label className="field__label" htmlFor="dm-tester-pick">
              {t('recording.tester.orPick')}
            </label>
            <select id="dm-tester-pick" className="field__input" value={picked} onChange={(e) => void pick(e.target.value)} disabled={!mine?.length}>
              <option value="">{mine && !mine.length ? t('recording.tester.noModels') : t('recording.choose')}</option>
              {mine?.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.title} ({t('recording.version', { version: m.version })})
                </option>
              ))}
            </select>
          </div>
          <TextField label={t('recording.tester.today')} type="date" value={today} onValue={(v) => DATE_FORMS.date.pattern.test(v) && setToday(v)} />
        </div>
      </div>
      {callError !== null && <Notice>{errorText(callError)}</Notice>}

      {!model ? (
        <p className="field__hint">{t('recording.tester.waitingModel')}</p>
      ) : (
        <>
          <section className="section dm-tester__problems" aria-labelledby="dm-tester-problems">
            <h2 id="dm-tester-problems">
              {t('recording.tester.problems')} <span className="dm-tester__count">({t('recording.errorCount', { count: problems.length })})</span>
            </h2>
            {problems.length === 0 ? (
              <Notice kind="success">{t('recording.tester.noProblems')}</Notice>
            ) : (
              <ProblemTable model={model} problems={problems} />
            )}
          </section>
          <div className="dm-tester__forms">
            {LANGS.map((l) => (
              <section key={l} className="dm-tester__form" aria-labelledby={`dm-tester-${l}`} lang={l}>
                <h2 id={`dm-tester-${l}`}>{t(l === 'tr' ? 'recording.tester.inTurkish' : 'recording.tester.inEnglish')}</h2>
                <RecordingForm model={model} values={values} onChange={setValues} lang={l} today={today} revealAll headingLevel={3} />
              </section>
            ))}
          </div>
        </>
      )}
    </article>
  );
}

async function parseFile<T>(file: File, shape: (json: unknown) => T | null): Promise<Parsed<T>> {
  let json: unknown;
  try {
    json = JSON.parse(await readText(file));
  } catch {
    return { name: file.name, error: 'json' };
  }
  const value = shape(json);
  return value === null ? { name: file.name, error: 'shape' } : { name: file.name, value };
}

/** Every problem with its path, code and severity, worded in both languages. */
function ProblemTable({ model, problems }: { model: DataModel; problems: ReturnType<ReturnType<typeof compileRecordModel>['check']> }) {
  const { t, i18n } = useTranslation();
  const lang = useActiveLabel();
  const fixed = (l: Lang) => i18n.getFixedT(l);
  return (
    <div className="table-region dm-tester__table">
      <table className="table">
        <thead>
          <tr>
            <th scope="col">{t('recording.tester.path')}</th>
            <th scope="col">{t('recording.tester.severity')}</th>
            <th scope="col">{t('recording.tester.messageTr')}</th>
            <th scope="col">{t('recording.tester.messageEn')}</th>
          </tr>
        </thead>
        <tbody>
          {problems.map((p) => (
            <tr key={`${pathKey(p.path)}:${p.key}`} className={p.severity === 'warning' ? 'dm-tester__row--warning' : undefined}>
              <td>
                <span className="dm-tester__where">{pathLabel(model, p.path, lang, t)}</span>
                <code className="dm-tester__path">
                  {pathKey(p.path) || '/'} · {statusCatalogue[p.key].status_code}
                </code>
              </td>
              <td data-label={t('recording.tester.severity')}>{t(p.severity === 'warning' ? 'recording.tester.warningWord' : 'recording.tester.error')}</td>
              <td lang="tr" data-label={t('recording.tester.messageTr')}>
                <span className="dm-tester__where--tr">{pathLabel(model, p.path, 'tr', fixed('tr'))}: </span>
                {recordProblemMessage(p, 'tr')}
              </td>
              <td lang="en" data-label={t('recording.tester.messageEn')}>
                <span className="dm-tester__where--en">{pathLabel(model, p.path, 'en', fixed('en'))}: </span>
                {recordProblemMessage(p, 'en')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A place to drop a JSON file, or to choose one (the keyboard way: it is a file input with its label). */
function DropZone({ label, file, error, onFile }: { label: string; file: Parsed<unknown> | null; error?: string; onFile: (f: File) => void }) {
  const { t } = useTranslation();
  const id = `dz${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  const [over, setOver] = useState(false);
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    const f = e.dataTransfer.files[0];
    if (f) onFile(f);
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dropping a file is the mouse's shortcut; the file input inside is the keyboard's way
    <div
      className={`dm-drop${over ? ' dm-drop--over' : ''}${error ? ' dm-drop--error' : ''}`}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
    >
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <p className="field__hint">{t('recording.tester.drop')}</p>
      {/* The browser's own file button speaks the browser's language: it is hidden behind one in the page's. */}
      <input
        id={id}
        type="file"
        accept="application/json,.json"
        className="dm-drop__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : file ? `${id}-file` : undefined}
        onChange={(e) => {
          const f = e.target.files?.[0];
          if (f) onFile(f);
          e.target.value = '';
        }}
      />
      <label htmlFor={id} className="button button--secondary button--small dm-drop__button">
        {t('recording.tester.chooseFile')}
      </label>
      {file && !error && (
        <p id={`${id}-file`} className="field__hint dm-drop__name">
          {t('recording.tester.loaded', { name: file.name })}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

// data_model_designer: a data model's groups and parameters, edited as one document through commands (undo,
// redo, copy, paste, reorder), with the properties of the selected item, a translations grid listing every
// missing text, the live preview (the recording form itself, both languages), the problems of spec section 5
// and the edit history. `?data_model_id=` names the model; without one the page creates a model first, from
// nothing or from a REDCap data dictionary. Saving keeps a draft; publishing makes it a version that never
// changes (the server checks it again). Its own lazy chunk.
import { useDeferredValue, useEffect, useMemo, useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../src/api/errors';
import { dataModelNew } from '../../src/generated/client';
import { dataModelStatus } from '../../src/generated/enums/dataModelStatus';
import { languageLabel } from '../../src/generated/enums/languageLabel';
import type { DataModel } from '../../src/generated/types/entities';
import { exportFhir } from '../../src/domain/data-model/fhir';
import { exportRedcap, importRedcap, type RedcapWarning } from '../../src/domain/data-model/redcap';
import { findParameter, LANGS, nameOf, pointer } from '../../src/domain/data-model/document';
import { translationGaps } from '../../src/domain/data-model/translations';
import { problemMessage, validateModel } from '../../src/domain/data-model/validate';
import type { Lang } from '../../src/domain/language';
import { pageNamed, pathOf } from '../../src/app/router/catalogue';
import { useActiveLabel, useLanguageOrder, usePages } from '../../src/app/router/hooks';
import type { PageProps } from '../../src/app/router/registry';
import { useAppStore } from '../../src/app/store';
import { fileNameOf, saveFile } from '../../src/app/ui/download';
import { StoreBinding } from '../../src/app/ui/bound';
import { SharingSection } from '../../src/app/ui/SharingSection';
import { ConfirmDialog, EditorLoadFailed, MenuButton, Notice, SelectField, TextField, useUnsavedGuard } from '../../src/app/ui';
import { Outline } from './Outline';
import { History } from './panels/History';
import { Preview } from './panels/Preview';
import { Problems } from './panels/Problems';
import { Properties, type ProblemAt } from './panels/Properties';
import { Translations } from './panels/Translations';
import { DesignerContext, hasClip, useDesigner, useDesignerApi, type Tab } from './store';
import { useModel, type ModelState } from './useModel';
import { newGroup, newParameter } from './newItems';
import { enumLabel, enumOptions } from './words';
import './strings';
import './designer.css';

export default function DataModelDesignerPage({ page }: PageProps) {
  const lang = useActiveLabel();
  const [query, setQuery] = useSearchParams();
  const modelId = query.get('data_model_id');
  return (
    <article className="page page--designer" aria-labelledby="page-title">
      {modelId ? (
        <ModelEditor key={modelId} modelId={modelId} caption={page.caption[lang]} />
      ) : (
        <>
          <h1 id="page-title">{page.caption[lang]}</h1>
          <NewModel onCreated={(id) => setQuery({ data_model_id: id }, { replace: true })} />
        </>
      )}
    </article>
  );
}

/** A dictionary read for import: the model's groups and what REDCap could not say. */
interface Dictionary {
  name: string;
  model: DataModel;
  warnings: RedcapWarning[];
}

/** Reads a REDCap data dictionary file in the browser (nothing leaves the page until the model is created). */
async function readDictionary(file: File, language: Lang, owner: string): Promise<Dictionary> {
  const text = await file.text();
  const { model, warnings } = importRedcap(text, { dataModelId: '00000000-0000-4000-8000-000000000000', owner, language });
  return { name: file.name, model, warnings };
}

/** A new model: its title (in at least its own language) and language, from nothing or from a REDCap dictionary. */
function NewModel({ onCreated }: { onCreated: (id: string) => void }) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const username = useAppStore((s) => s.session.user?.username ?? '');
  const [title, setTitle] = useState({ tr: '', en: '' });
  const [language, setLanguage] = useState<Lang>(lang);
  const [dictionary, setDictionary] = useState<Dictionary | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const pick = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    setError(null);
    if (!file) return setDictionary(null);
    try {
      setDictionary(await readDictionary(file, language, username));
    } catch {
      setDictionary(null);
      setError(t('designer.import.unreadable'));
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!title[language].trim()) {
      setError(t('designer.new.titleNeeded', { language: t(`designer.lang.${language}`) }));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const texts = Object.fromEntries(LANGS.filter((l) => title[l].trim()).map((l) => [l, title[l].trim()]));
      const answer = await dataModelNew({ data_model: { title: texts, language, ...(dictionary ? { group_list: dictionary.model.group_list } : {}) } });
      onCreated(answer.data_model.data_model_id);
    } catch (err) {
      setError(err instanceof ApiError ? err.status_message : t('common.unexpected'));
      setBusy(false);
    }
  };

  return (
    <section className="section designer-new" aria-labelledby="designer-new-title">
      <h2 id="designer-new-title">{t('designer.new.title')}</h2>
      <p>{t('designer.new.intro')}</p>
      <form className="form" onSubmit={submit} noValidate>
        <Notice>{error}</Notice>
        <SelectField
          label={t('designer.props.language')}
          hint={t('designer.props.languageHint')}
          required
          value={language}
          options={enumOptions(languageLabel, lang).map((o) => ({ ...o, label: t(`designer.lang.${o.value}`) }))}
          onValue={(v) => setLanguage(v as Lang)}
        />
        {LANGS.map((l) => (
          <TextField key={l} label={t('designer.props.titleIn', { language: t(`designer.lang.${l}`) })} required={l === language} value={title[l]} maxLength={1000} onValue={(v) => setTitle((x) => ({ ...x, [l]: v }))} />
        ))}
        <div className="field">
          <label className="field__label" htmlFor="redcap-file">
            {t('designer.new.dictionary')}
          </label>
          <input id="redcap-file" className="field__input" type="file" accept=".csv,text/csv" aria-describedby="redcap-file-hint" onChange={pick} />
          <p id="redcap-file-hint" className="field__hint">
            {t('designer.new.dictionaryHint')}
          </p>
        </div>
        {dictionary && <ImportSummary dictionary={dictionary} />}
        <div className="form__actions">
          <button type="submit" className="button" disabled={busy}>
            {busy ? t('common.sending') : t('designer.new.create')}
          </button>
        </div>
      </form>
    </section>
  );
}

/** What an import brought: counts, and REDCap's fields that could not come over as they were, in words. */
function ImportSummary({ dictionary }: { dictionary: Dictionary }) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const parameters = dictionary.model.group_list.reduce((n, g) => n + g.parameter_list.length, 0);
  return (
    <div className="import-summary" role="status">
      <p>{t('designer.import.summary', { file: dictionary.name, groups: dictionary.model.group_list.length, parameters })}</p>
      {dictionary.warnings.length > 0 && (
        <details>
          <summary>{t('designer.import.warnings', { count: dictionary.warnings.length })}</summary>
          <ul className="import-summary__warnings">
            {dictionary.warnings.map((w, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the notes are made once per file and never reordered
              <li key={i}>
                {w.row > 0 && <span className="import-summary__row">{t('designer.import.row', { row: w.row })}</span>} {w.message[lang]}
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}

function ModelEditor({ modelId, caption }: { modelId: string; caption: string }) {
  const { t } = useTranslation();
  const m = useModel(modelId);
  const heading = (
    <h1 id="page-title" className="designer__caption">
      {caption}
    </h1>
  );
  if (m.loadError) return <EditorLoadFailed heading={heading} message={m.loadError} retryLabel={t('designer.retry')} onRetry={m.retry} />;
  if (!m.store || !m.model)
    return (
      <>
        {heading}
        <p className="designer__loading" role="status">
          {t('designer.loading')}
        </p>
      </>
    );
  return (
    <DesignerContext.Provider value={m.store}>
      <StoreBinding store={m.store}>
        <Designer m={m} heading={heading} />
      </StoreBinding>
    </DesignerContext.Provider>
  );
}

const TABS: Tab[] = ['properties', 'translations', 'preview', 'problems', 'history'];

function Designer({ m, heading }: { m: ModelState; heading: ReactNode }) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const api = useDesignerApi();
  const doc = useDesigner((s) => s.doc);
  const tab = useDesigner((s) => s.tab);
  const refusal = useDesigner((s) => s.refusal);
  const readOnly = useDesigner((s) => s.readOnly);
  const history = useDesigner((s) => s.history);
  const blocker = useUnsavedGuard(m.dirty);
  const [warnings, setWarnings] = useState<{ title: string; items: string[] } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [ending, setEnding] = useState<'retire' | 'delete' | null>(null);
  const pages = usePages();
  const order = useLanguageOrder();
  const navigate = useNavigate();

  // The rules run on a deferred copy: typing stays quick on a large model.
  const checked = useDeferredValue(doc);
  const problems = useMemo(() => validateModel(checked), [checked]);
  const gaps = useMemo(() => translationGaps(checked).length, [checked]);
  const problemAt: ProblemAt = useMemo(() => {
    const byPath = new Map<string, string>();
    for (const p of problems) if (!byPath.has(pointer(p.path))) byPath.set(pointer(p.path), problemMessage(p, lang));
    return (path) => byPath.get(pointer(path)) ?? null;
  }, [problems, lang]);

  // Undo/redo anywhere on the page; copy and paste when the focus is not in a text box (there they copy text).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey || document.querySelector('.dialog-backdrop')) return;
      const key = e.key.toLowerCase();
      const s = api.getState();
      const inText = e.target instanceof HTMLElement && (e.target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(e.target.tagName));
      if (key === 'z' && !e.shiftKey) {
        e.preventDefault();
        s.undo();
      } else if ((key === 'z' && e.shiftKey) || key === 'y') {
        e.preventDefault();
        s.redo();
      } else if (key === 's') {
        e.preventDefault();
        void m.save();
      } else if (!inText && key === 'c' && s.copy()) e.preventDefault();
      else if (!inText && key === 'v' && s.paste()) e.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [api, m.save]);

  const title = nameOf(doc.title, lang, t('designer.model'));
  const model = m.model!;
  const fileName = fileNameOf(title);
  const selection = useDesigner((s) => s.selection);

  const addParameter = () => {
    const s = api.getState();
    let to = s.doc.group_list[s.doc.group_list.length - 1]?.code;
    if (s.selection.kind === 'group') to = s.selection.code;
    if (!to) {
      const group = newGroup(s.doc, lang);
      s.run({ type: 'group.add', groups: [group] });
      to = group.code;
    }
    // After a selected top-level parameter, in its group; else at the end of the group.
    const placed = s.selection.kind === 'parameter' ? findParameter(s.doc, s.selection.code) : undefined;
    const after = placed && !placed.parent ? placed : undefined;
    s.run({ type: 'parameter.add', to: { group: after?.group ?? to }, parameters: [newParameter(s.doc, lang)], index: after ? after.index + 1 : undefined });
  };

  const importFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    try {
      const d = await readDictionary(file, (doc.language as Lang | undefined) ?? lang, model.owner);
      api.getState().run({ type: 'document.replace', doc: { ...doc, group_list: d.model.group_list } });
      const parameters = d.model.group_list.reduce((n, g) => n + g.parameter_list.length, 0);
      m.setNotice({ kind: 'success', text: t('designer.import.done', { file: d.name, groups: d.model.group_list.length, parameters }) });
      setWarnings(d.warnings.length ? { title: t('designer.import.warnings', { count: d.warnings.length }), items: d.warnings.map((w) => (w.row > 0 ? `${t('designer.import.row', { row: w.row })} ${w.message[lang]}` : w.message[lang])) } : null);
    } catch {
      m.setNotice({ kind: 'error', text: t('designer.import.unreadable') });
    }
  };

  const exportAs = (kind: 'fhir' | 'redcap') => {
    const d = api.getState().doc;
    if (kind === 'fhir') {
      const out = exportFhir(d);
      saveFile(`${fileName}.questionnaire.json`, new Blob([`${JSON.stringify(out.questionnaire, null, 2)}\n`], { type: 'application/fhir+json' }));
      setWarnings(out.warnings.length ? { title: t('designer.export.warnings', { count: out.warnings.length }), items: out.warnings.map((w) => w.message[lang]) } : null);
    } else {
      const out = exportRedcap(d);
      saveFile(`${fileName}.redcap.csv`, new Blob([out.csv], { type: 'text/csv;charset=utf-8' }));
      setWarnings(out.warnings.length ? { title: t('designer.export.warnings', { count: out.warnings.length }), items: out.warnings.map((w) => w.message[lang]) } : null);
    }
  };

  const status = model.status === 'published' ? 'published' : model.status;
  const tabLabel = (x: Tab) => {
    if (x === 'translations' && gaps) return `${t(`designer.tabs.${x}`)} (${gaps})`;
    if (x === 'problems' && problems.length) return `${t(`designer.tabs.${x}`)} (${problems.length})`;
    return t(`designer.tabs.${x}`);
  };

  return (
    <div className="designer">
      <header className="designer__header">
        <div className="designer__titles">
          {heading}
          <p className="designer__model">
            <span className="designer__name">
              {doc.color && <span className="designer__swatch" style={{ background: doc.color }} aria-hidden="true" />}
              {title}
            </span>
            <span className={`designer__status designer__status--${status}`}>{t('designer.statusLine', { status: enumLabel(dataModelStatus, status, lang), version: model.version })}</span>
            {model.published_version && model.status !== 'published' && <span className="designer__published">{t('designer.publishedVersion', { version: model.published_version })}</span>}
            {m.dirty && <span className="designer__dirty">{t('designer.unsaved')}</span>}
          </p>
        </div>
        <div className="designer__toolbar" role="toolbar" aria-label={t('designer.toolbar')}>
          {!readOnly && (
            <>
              <button type="button" className="button button--secondary button--small" disabled={!history.past.length} aria-keyshortcuts="Control+Z" onClick={() => api.getState().undo()}>
                {t('designer.actions.undo')}
              </button>
              <button type="button" className="button button--secondary button--small" disabled={!history.future.length} aria-keyshortcuts="Control+Shift+Z Control+Y" onClick={() => api.getState().redo()}>
                {t('designer.actions.redo')}
              </button>
              <button type="button" className="button button--secondary button--small" onClick={() => api.getState().run({ type: 'group.add', groups: [newGroup(api.getState().doc, lang)] })}>
                {t('designer.actions.addGroup')}
              </button>
              <button type="button" className="button button--secondary button--small" onClick={addParameter}>
                {t('designer.actions.addParameter')}
              </button>
              <MenuButton
                label={t('designer.actions.edit')}
                items={[
                  { key: 'copy', label: t('designer.actions.copy'), shortcut: 'Ctrl+C', ariaKeys: 'Control+C', disabled: selection.kind === 'model', onSelect: () => api.getState().copy() },
                  { key: 'paste', label: t('designer.actions.paste'), shortcut: 'Ctrl+V', ariaKeys: 'Control+V', disabled: !hasClip(), onSelect: () => api.getState().paste() },
                ]}
              >
                {t('designer.actions.edit')}
              </MenuButton>
            </>
          )}
          <MenuButton
            label={t('designer.actions.file')}
            items={[
              ...(readOnly ? [] : [{ key: 'import', label: t('designer.actions.import'), onSelect: () => fileInput.current?.click() }]),
              { key: 'fhir', label: t('designer.export.fhir'), onSelect: () => exportAs('fhir') },
              { key: 'redcap', label: t('designer.export.redcap'), onSelect: () => exportAs('redcap') },
              // The owner ends a model: a never-published one is deleted, one that was published is retired.
              ...(m.canShare && model.status !== 'retired'
                ? model.published_version || model.status === 'published'
                  ? [{ key: 'retire', label: t('designer.retire.action'), onSelect: () => setEnding('retire') }]
                  : [{ key: 'delete', label: t('designer.delete.action'), danger: true, onSelect: () => setEnding('delete') }]
                : []),
            ]}
          >
            {t('designer.actions.file')}
          </MenuButton>
          <input ref={fileInput} type="file" accept=".csv,text/csv" className="visually-hidden" tabIndex={-1} aria-label={t('designer.actions.import')} onChange={importFile} />
          {!readOnly && (
            <>
              <button type="button" className="button button--small" disabled={m.busy !== null || !m.dirty} onClick={() => void m.save()}>
                {m.busy === 'save' ? t('common.sending') : t('designer.actions.save')}
              </button>
              <button type="button" className="button button--small" disabled={m.busy !== null} onClick={() => void m.publish()}>
                {m.busy === 'publish' ? t('common.sending') : t('designer.actions.publish')}
              </button>
            </>
          )}
        </div>
      </header>

      {readOnly && <Notice kind="info">{model.status === 'retired' ? t('designer.retiredNotice') : t('designer.readOnly')}</Notice>}
      {m.conflict && (
        <Notice>
          {m.conflict.text}{' '}
          <button type="button" className="button button--secondary button--small" onClick={() => void m.loadLatest()}>
            {t('designer.save.loadLatest')}
          </button>
        </Notice>
      )}
      {m.notice && <Notice kind={m.notice.kind}>{m.notice.text}</Notice>}
      {refusal && <Notice>{problemMessage(refusal, lang)}</Notice>}
      {warnings && (
        <div className="notice notice--info designer__warnings" role="status">
          <details>
            <summary>{warnings.title}</summary>
            <ul>
              {warnings.items.map((w, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the notes are made once per file and never reordered
                <li key={i}>{w}</li>
              ))}
            </ul>
          </details>
          <button type="button" className="button button--secondary button--small" onClick={() => setWarnings(null)}>
            {t('designer.close')}
          </button>
        </div>
      )}

      <div className="designer__body">
        <div className="designer__outline">
          <Outline lang={lang} />
        </div>
        <div className="designer__panel">
          <div className="designer__tabs" role="tablist" aria-label={t('designer.tabs.label')}>
            {TABS.map((x) => (
              <button
                key={x}
                type="button"
                role="tab"
                id={`designer-tab-${x}`}
                aria-selected={tab === x}
                aria-controls="designer-tabpanel"
                tabIndex={tab === x ? 0 : -1}
                className={`designer__tab${tab === x ? ' designer__tab--active' : ''}`}
                onClick={() => api.getState().setTab(x)}
                onKeyDown={(e) => {
                  const i = TABS.indexOf(x);
                  const next = e.key === 'ArrowRight' ? TABS[(i + 1) % TABS.length] : e.key === 'ArrowLeft' ? TABS[(i + TABS.length - 1) % TABS.length] : null;
                  if (!next) return;
                  e.preventDefault();
                  api.getState().setTab(next);
                  document.getElementById(`designer-tab-${next}`)?.focus();
                }}
              >
                {tabLabel(x)}
              </button>
            ))}
          </div>
          <div id="designer-tabpanel" role="tabpanel" aria-labelledby={`designer-tab-${tab}`} className="designer__tabpanel">
            {tab === 'properties' && <Properties lang={lang} problemAt={problemAt} modelExtra={m.canShare ? <SharingSection className="designer__sharing" words="designer.share" shares={m.shares} share={m.share} unshare={m.unshare} /> : null} />}
            {tab === 'translations' && <Translations />}
            {tab === 'preview' && <Preview />}
            {tab === 'problems' && <Problems problems={problems} serverProblems={m.serverProblems} lang={lang} />}
            {tab === 'history' && <History lang={lang} />}
          </div>
        </div>
      </div>

      {ending && (
        <ConfirmDialog
          title={t(`designer.${ending}.title`)}
          confirmLabel={t(`designer.${ending}.confirm`)}
          onCancel={() => setEnding(null)}
          onConfirm={() => {
            setEnding(null);
            if (ending === 'retire') void m.retire();
            else
              void m.remove().then((gone) => {
                const list = pageNamed(pages, 'data_models');
                // After the render that takes the deleted draft as saved: leaving is not leaving unsaved work.
                if (gone && list) setTimeout(() => navigate(pathOf(list, lang, order)), 0);
              });
          }}
        >
          <p>{t(`designer.${ending}.text`, { title })}</p>
        </ConfirmDialog>
      )}
      {blocker.state === 'blocked' && (
        <ConfirmDialog title={t('designer.leave.title')} confirmLabel={t('designer.leave.confirm')} onCancel={() => blocker.reset?.()} onConfirm={() => blocker.proceed?.()}>
          <p>{t('designer.leave.text')}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}

// protocol_editor: a treatment protocol's properties and lines edited as one document through commands (undo,
// redo), with the cycle timeline, the problems the server names, the versions with their confirmed changes and
// the owner's sharing. `?protocol=` names the protocol; without it a new one is edited and its first save
// creates it. Saving keeps a draft (a change beyond the warning percent is confirmed first); publishing makes
// a version that never changes. A protocol the caller may not edit opens read-only with "Copy as my template";
// an example carries its disclaimer. Its own lazy chunk.
import { useCallback, useEffect, useMemo, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../src/api/errors';
import { pageNamed, pathOf } from '../../src/app/router/catalogue';
import { useActiveLabel, useLanguageOrder, usePages } from '../../src/app/router/hooks';
import type { PageProps } from '../../src/app/router/registry';
import { useAppStore } from '../../src/app/store';
import { StoreBinding } from '../../src/app/ui/bound';
import { fileNameOf, saveFile } from '../../src/app/ui/download';
import { SharingSection } from '../../src/app/ui/SharingSection';
import { ConfirmDialog, EditorLoadFailed, enumLabel, MenuButton, Notice, useUnsavedGuard } from '../../src/app/ui';
import { protocolImport } from '../../src/generated/client/protocol';
import { dataModelStatus } from '../../src/generated/enums/dataModelStatus';
import { protocolVisibility } from '../../src/generated/enums/protocolVisibility';
import { ChangeList } from './ChangeList';
import { CopyDialog } from './CopyDialog';
import { Lines } from './Lines';
import { automaticTitle, checkProtocol } from '../../src/domain/protocol';
import { newLine } from './lines';
import { Problems } from './Problems';
import { problemsByPath } from './problems';
import { Properties } from './Properties';
import { EditorContext, useEditor, useEditorApi } from './store';
import { Timeline } from './Timeline';
import { blankProtocol, useProtocol, type ProtocolState } from './useProtocol';
import { Versions } from './Versions';
import './strings';
import './protocol-editor.css';

type Notes = { title: string; items: string[] } | null;

export default function ProtocolEditorPage({ page }: PageProps) {
  const lang = useActiveLabel();
  const [query, setQuery] = useSearchParams();
  const protocolId = query.get('protocol');
  // Notes of an import or export outlive the editor of one protocol (an import opens the new one).
  const [notes, setNotes] = useState<Notes>(null);
  const open = useCallback((id: string) => setQuery({ protocol: id }, { replace: true }), [setQuery]);
  return (
    <article className="page page--protocol" aria-labelledby="page-title">
      <ProtocolEditor key={protocolId ?? 'new'} protocolId={protocolId} caption={page.caption[lang]} open={open} notes={notes} setNotes={setNotes} />
    </article>
  );
}

const blank = () => blankProtocol(newLine('drug'));

function ProtocolEditor({ protocolId, caption, open, notes, setNotes }: { protocolId: string | null; caption: string; open: (id: string) => void; notes: Notes; setNotes: (n: Notes) => void }) {
  const { t } = useTranslation();
  const p = useProtocol(protocolId, blank);
  // Once the first save is rendered as saved, opening the created protocol is not leaving unsaved work (what
  // was typed meanwhile is: the guard asks).
  useEffect(() => {
    if (!p.created) return;
    open(p.created);
    setNotes({ title: t('protocol.save.created'), items: [] });
  }, [p.created, open, setNotes, t]);
  const heading = (
    <h1 id="page-title" className="protocol__caption">
      {caption}
    </h1>
  );
  if (p.loadError) return <EditorLoadFailed heading={heading} message={p.loadError} retryLabel={t('protocol.retry')} onRetry={p.retry} />;
  if (!p.store)
    return (
      <>
        {heading}
        <NotesBox notes={notes} setNotes={setNotes} />
        <p role="status">{t('protocol.loading')}</p>
      </>
    );
  return (
    <EditorContext.Provider value={p.store}>
      <StoreBinding store={p.store}>
        <Editor p={p} heading={heading} open={open} notes={notes} setNotes={setNotes} />
      </StoreBinding>
    </EditorContext.Provider>
  );
}

function Editor({ p, heading, open, notes, setNotes }: { p: ProtocolState; heading: ReactNode; open: (id: string) => void; notes: Notes; setNotes: (n: Notes) => void }) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const api = useEditorApi();
  const doc = useEditor((s) => s.doc);
  const readOnly = useEditor((s) => s.readOnly);
  const history = useEditor((s) => s.history);
  const isAdmin = useAppStore((s) => s.session.authCodes.includes('admin'));
  const blocker = useUnsavedGuard(p.dirty);
  const fileInput = useRef<HTMLInputElement>(null);
  const [dialog, setDialog] = useState<'copy' | 'delete' | null>(null);
  const [copying, setCopying] = useState(false);
  const pages = usePages();
  const order = useLanguageOrder();
  const navigate = useNavigate();
  const protocol = p.protocol;

  // The domain's section 5 check, as the server runs it on publish, live as the protocol is edited: listed
  // always, and at their fields once a publish was refused (before that a fresh protocol would be all red).
  const local = useMemo(() => (readOnly ? [] : checkProtocol(doc)), [doc, readOnly]);
  const byPath = useMemo(() => problemsByPath(p.problems.length ? local : [], p.badInput, lang), [local, p.problems.length, p.badInput, lang]);
  const problemAt = useCallback((path: string) => byPath.get(path) ?? null, [byPath]);
  const lineProblem = useCallback((i: number) => [...byPath.keys()].some((path) => path === `/drug_list/${i}` || path.startsWith(`/drug_list/${i}/`)), [byPath]);

  // Undo/redo and save anywhere on the page (not while a dialog is open).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey || document.querySelector('.dialog-backdrop')) return;
      const key = e.key.toLowerCase();
      const s = api.getState();
      if (key === 'z' && !e.shiftKey) {
        e.preventDefault();
        s.undo();
      } else if ((key === 'z' && e.shiftKey) || key === 'y') {
        e.preventDefault();
        s.redo();
      } else if (key === 's' && !s.readOnly) {
        e.preventDefault();
        void p.save();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [api, p.save]);

  const name = doc.name || automaticTitle(doc, lang) || t('protocol.untitled');
  const listPath = () => {
    const list = pageNamed(pages, 'protocols');
    return list ? pathOf(list, lang, order) : '/';
  };

  const exportFhir = async () => {
    const out = await p.exportFhir();
    if (!out) return;
    saveFile(`${fileNameOf(name)}.plandefinition.json`, new Blob([`${JSON.stringify(out.bundle, null, 2)}\n`], { type: 'application/fhir+json' }));
    setNotes(out.note_list.length ? { title: t('protocol.fhir.exportNotes', { count: out.note_list.length }), items: out.note_list.map((n) => n[lang] ?? n.en ?? n.tr ?? '') } : null);
  };

  const importFhir = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    let bundle: Record<string, unknown>;
    try {
      bundle = JSON.parse(await file.text()) as Record<string, unknown>;
    } catch {
      p.setNotice({ kind: 'error', text: t('protocol.fhir.unreadable', { file: file.name }) });
      return;
    }
    try {
      const answer = await protocolImport({ bundle });
      setNotes({ title: t('protocol.fhir.imported', { name: answer.protocol.name }), items: answer.note_list.map((n) => n[lang] ?? n.en ?? n.tr ?? '') });
      open(answer.protocol.protocol_id);
    } catch (err) {
      p.setNotice({ kind: 'error', text: err instanceof ApiError ? err.status_message : t('common.unexpected') });
    }
  };

  const copy = async (visibility: Parameters<typeof p.copy>[0]) => {
    setCopying(true);
    const id = await p.copy(visibility);
    setCopying(false);
    setDialog(null);
    if (id) {
      open(id);
      setNotes({ title: t('protocol.copy.done'), items: [] });
    }
  };

  const status = protocol?.status ?? 'draft';
  const fileItems = [
    ...(protocol ? [{ key: 'export', label: t('protocol.fhir.export'), onSelect: () => void exportFhir() }] : []),
    { key: 'import', label: t('protocol.fhir.import'), onSelect: () => fileInput.current?.click() },
    ...(protocol ? [{ key: 'copy', label: t('protocol.copy.action'), onSelect: () => setDialog('copy') }] : []),
    // The owner deletes a protocol never published (one with a published version is kept: 14106).
    ...(protocol && p.answer?.can_share && !protocol.published_version && status !== 'published' ? [{ key: 'delete', label: t('protocol.delete.action'), danger: true, onSelect: () => setDialog('delete') }] : []),
  ];

  return (
    <div className="protocol">
      <header className="protocol__header">
        <div>
          {heading}
          <p className="protocol__name">
            <span className="protocol__title">{name}</span>
            {protocol ? (
              <span className="protocol__status">{t('protocol.statusLine', { status: enumLabel(dataModelStatus, status, lang), version: protocol.version })}</span>
            ) : (
              <span className="protocol__status">{t('protocol.newLine')}</span>
            )}
            {protocol?.published_version && status !== 'published' && <span>{t('protocol.publishedVersion', { version: protocol.published_version })}</span>}
            {doc.visibility && <span>{enumLabel(protocolVisibility, doc.visibility, lang)}</span>}
            {p.dirty && <span className="protocol__dirty">{t('protocol.unsaved')}</span>}
          </p>
        </div>
        <div className="protocol__toolbar" role="toolbar" aria-label={t('protocol.toolbar')}>
          {!readOnly && (
            <>
              <button type="button" className="button button--secondary button--small" disabled={!history.past.length} aria-keyshortcuts="Control+Z" onClick={() => api.getState().undo()}>
                {t('protocol.actions.undo')}
              </button>
              <button type="button" className="button button--secondary button--small" disabled={!history.future.length} aria-keyshortcuts="Control+Shift+Z Control+Y" onClick={() => api.getState().redo()}>
                {t('protocol.actions.redo')}
              </button>
            </>
          )}
          <MenuButton label={t('protocol.actions.file')} items={fileItems}>
            {t('protocol.actions.file')}
          </MenuButton>
          <input ref={fileInput} type="file" accept=".json,application/json,application/fhir+json" className="visually-hidden" tabIndex={-1} aria-label={t('protocol.fhir.import')} onChange={importFhir} />
          {readOnly && protocol && (
            <button type="button" className="button button--small" onClick={() => setDialog('copy')}>
              {t('protocol.copy.action')}
            </button>
          )}
          {!readOnly && (
            <>
              <button type="button" className="button button--small" disabled={p.busy !== null || !p.dirty} aria-keyshortcuts="Control+S" onClick={() => void p.save()}>
                {p.busy === 'save' ? t('common.sending') : t('protocol.actions.save')}
              </button>
              {protocol && (
                <button type="button" className="button button--small" disabled={p.busy !== null} onClick={() => void p.publish()}>
                  {p.busy === 'publish' ? t('common.sending') : t('protocol.actions.publish')}
                </button>
              )}
            </>
          )}
        </div>
      </header>

      {protocol?.is_example && (
        <div className="protocol__example" role="note" aria-label={t('protocol.example.badge')}>
          <strong>{t('protocol.example.badge')}</strong> {t('protocol.example.text')}
        </div>
      )}
      {readOnly && <Notice kind="info">{t('protocol.readOnly')}</Notice>}
      {p.conflict && (
        <Notice>
          {p.conflict}{' '}
          <button type="button" className="button button--secondary button--small" onClick={() => void p.loadLatest()}>
            {t('protocol.save.loadLatest')}
          </button>
        </Notice>
      )}
      {p.notice && <Notice kind={p.notice.kind}>{p.notice.text}</Notice>}
      <NotesBox notes={notes} setNotes={setNotes} />

      {local.length > 0 && <Problems problems={local} lang={lang} />}
      <Properties lang={lang} problemAt={problemAt} isAdmin={isAdmin} />
      <Lines lang={lang} problemAt={problemAt} lineProblem={lineProblem} />
      <Timeline lang={lang} />
      {p.answer && <Versions versions={p.answer.version_list} confirmations={p.answer.change_confirmation_list} lang={lang} />}
      {p.answer?.can_share && <SharingSection className="protocol-section" words="protocol.share" shares={p.answer.share_list ?? []} share={p.share} unshare={p.unshare} />}

      {p.warnings && (
        <ConfirmDialog title={t('protocol.changes.title')} confirmLabel={t('protocol.changes.confirm')} busy={p.busy === 'save'} onCancel={() => p.setWarnings(null)} onConfirm={() => void p.save(true)}>
          <p>{t('protocol.changes.text', { percent: doc.change_warning_percent ?? 20 })}</p>
          <ChangeList changes={p.warnings} lang={lang} />
        </ConfirmDialog>
      )}
      {dialog === 'copy' && <CopyDialog name={name} isAdmin={isAdmin} busy={copying} onCopy={(v) => void copy(v)} onCancel={() => setDialog(null)} />}
      {dialog === 'delete' && (
        <ConfirmDialog
          title={t('protocol.delete.title')}
          confirmLabel={t('protocol.delete.confirm')}
          onCancel={() => setDialog(null)}
          onConfirm={() => {
            setDialog(null);
            // After the render that takes the deleted draft as saved: leaving is not leaving unsaved work.
            void p.remove().then((gone) => gone && setTimeout(() => navigate(listPath()), 0));
          }}
        >
          <p>{t('protocol.delete.text', { name })}</p>
        </ConfirmDialog>
      )}
      {blocker.state === 'blocked' && (
        <ConfirmDialog title={t('protocol.leave.title')} confirmLabel={t('protocol.leave.confirm')} onCancel={() => blocker.reset?.()} onConfirm={() => blocker.proceed?.()}>
          <p>{t('protocol.leave.text')}</p>
        </ConfirmDialog>
      )}
    </div>
  );
}

/** What an import, an export, a copy or a first save wants said; shown while the protocol it opened loads too. */
function NotesBox({ notes, setNotes }: { notes: Notes; setNotes: (n: Notes) => void }) {
  const { t } = useTranslation();
  if (!notes) return null;
  return (
    <div className="notice notice--info protocol__notes" role="status">
      <p>{notes.title}</p>
      {notes.items.length > 0 && (
        <ul>
          {notes.items.map((n, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the notes are made once per file and never reordered
            <li key={i}>{n}</li>
          ))}
        </ul>
      )}
      <button type="button" className="button button--secondary button--small" onClick={() => setNotes(null)}>
        {t('protocol.close')}
      </button>
    </div>
  );
}

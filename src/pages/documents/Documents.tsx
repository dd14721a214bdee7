// documents: the signed-in user's files (issue 13) — upload by picker or drag-and-drop (the name's extension
// and the size checked here first with the server's own messages, src/domain/document-limits.ts; the server
// checks again by content), the list of their own and shared documents (server paging and filters) with
// picture thumbnails, and per document download, rename, share with users (found by username) and delete.
import { useCallback, useEffect, useId, useRef, useState, type DragEvent, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useActiveLabel } from '../../app/router/hooks';
import type { PageProps } from '../../app/router/registry';
import { documentDelete, documentGet, documentList, documentRecord, documentShare, userSearch } from '../../generated/client';
import { documentFileType } from '../../generated/enums/documentFileType';
import type { Document, DocumentFileType } from '../../generated/types/entities';
import type { StatusKey } from '../../generated/errors';
import type { DocumentListRequest, UserSearchResponse } from '../../generated/types/routes';
import { CheckboxField, ConfirmDialog, Notice, SelectField, TextField, enumLabel, formatDate, useErrorText, useModalFocus } from '../../app/ui';
import { saveFile } from '../../app/ui/download';
import { statusMessage } from '../../domain/status-messages';
import { EXTENSION_TYPES, downloadName, isPicture, refusalByNameAndSize } from '../../domain/document-limits';
import { PagedTable, type TableColumn } from '../shared/PagedTable';
import { PAGE_SIZE, usePagedList } from '../shared/paged';
import { FilterActions } from '../shared/FilterActions';
import { fileSizeParts } from './file-size';
import './strings';
import './documents.css';

type Scope = NonNullable<DocumentListRequest['scope']>;
interface Filters {
  scope: Scope;
  file_type: '' | DocumentFileType;
  search: string;
}
const NO_FILTERS: Filters = { scope: 'all', file_type: '', search: '' };
const ACCEPT = Object.keys(EXTENSION_TYPES)
  .map((e) => `.${e}`)
  .join(',');

/**
 * A message of the page kept as what it says, worded at display so that it follows a change of language: an
 * i18n key with its values, and for a refusal the failed call or the browser's own catalogue key as its reason.
 */
type Message = { key: number; kind: 'error' | 'success'; text: string; values?: Record<string, string>; reason?: { error: unknown } | { status: StatusKey } };
type Say = (kind: Message['kind'], text: string, values?: Record<string, string>, reason?: Message['reason']) => void;

export default function Documents({ page }: PageProps) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [changes, setChanges] = useState(0);
  const [messages, setMessages] = useState<Message[]>([]);
  const [renaming, setRenaming] = useState<Document | null>(null);
  const [sharing, setSharing] = useState<Document | null>(null);
  const [deleting, setDeleting] = useState<Document | null>(null);
  const [busy, setBusy] = useState(false);
  const errorText = useErrorText();
  const changed = () => setChanges((n) => n + 1);
  const say: Say = (kind, text, values, reason) => setMessages((m) => [...m.slice(-4), { key: Date.now() + Math.random(), kind, text, values, reason }]);
  const worded = (m: Message) =>
    t(m.text, { ...m.values, ...(m.reason ? { reason: 'status' in m.reason ? statusMessage(m.reason.status, lang) : errorText(m.reason.error) } : {}) });

  const list = usePagedList(
    useCallback(
      async (p: number) => {
        const a = await documentList({
          scope: filters.scope,
          ...(filters.file_type ? { file_type: filters.file_type } : {}),
          ...(filters.search.trim() ? { search: filters.search.trim() } : {}),
          page: p,
          page_size: PAGE_SIZE,
        });
        return { rows: a.document_list, total: a.total };
      },
      [filters],
    ),
    [changes],
  );
  const filtered = filters.scope !== 'all' || filters.file_type !== '' || filters.search.trim() !== '';

  const download = async (d: Document) => {
    try {
      const { doc } = await documentGet({ document_client_id: d.document_client_id });
      saveFile(downloadName(d.document_name, d.file_type), blobOf(doc));
    } catch (e) {
      say('error', 'documents.failed', { name: d.document_name }, { error: e });
    }
  };

  const remove = async (d: Document) => {
    setBusy(true);
    try {
      await documentDelete({ document_client_id: d.document_client_id });
      say('success', 'documents.delete.done', { name: d.document_name });
      setDeleting(null);
      changed();
    } catch (e) {
      say('error', 'documents.failed', { name: d.document_name }, { error: e });
    } finally {
      setBusy(false);
    }
  };

  const columns: TableColumn<Document>[] = [
    { header: t('documents.list.name'), cell: (d) => <NameCell document={d} /> },
    { header: t('documents.list.type'), cell: (d) => enumLabel(documentFileType, d.file_type, lang) },
    { header: t('documents.list.size'), cell: (d) => <FileSize bytes={d.size_bytes ?? 0} /> },
    { header: t('documents.list.date'), cell: (d) => formatDate(d.created_at, lang, true), priority: 3 },
    { header: t('documents.list.owner'), cell: (d) => (d.own ? t('documents.list.mine') : d.owner_username), priority: 3 },
    {
      header: t('documents.list.actions'),
      priority: 1,
      cell: (d) => (
        <fieldset className="documents-actions">
          <legend className="visually-hidden">{t('documents.actions.menu', { name: d.document_name })}</legend>
          <button type="button" className="button button--small button--secondary" onClick={() => download(d)}>
            {t('documents.actions.download')}
          </button>
          {d.own && (
            <>
              <button type="button" className="button button--small button--secondary" onClick={() => setRenaming(d)}>
                {t('documents.actions.rename')}
              </button>
              <button type="button" className="button button--small button--secondary" onClick={() => setSharing(d)}>
                {t('documents.actions.share')}
              </button>
              <button type="button" className="button button--small button--danger" onClick={() => setDeleting(d)}>
                {t('documents.actions.delete')}
              </button>
            </>
          )}
        </fieldset>
      ),
    },
  ];

  return (
    <article className="page" aria-labelledby="page-title">
      <h1 id="page-title">{page.caption[lang]}</h1>
      <p>{t('documents.intro')}</p>
      <Upload onUploaded={changed} say={say} />
      {messages.length > 0 && (
        <ul className="documents-messages">
          {messages.map((m) => (
            <li key={m.key}>
              <Notice kind={m.kind}>{worded(m)}</Notice>
            </li>
          ))}
        </ul>
      )}
      <PagedTable
        id="documents-list-title"
        title={t('documents.list.title')}
        list={list}
        columns={columns}
        rowKey={(d) => d.document_client_id}
        pageSize={PAGE_SIZE}
        pagesLabel={t('documents.list.pages')}
        empty={filtered ? t('documents.list.emptyFiltered') : t('documents.list.empty')}
        failed={() => (
          <Notice>
            {t('documents.loadFailed')}{' '}
            <button type="button" className="button button--small" onClick={list.reload}>
              {t('documents.retry')}
            </button>
          </Notice>
        )}
        footer={
          deleting && (
            <ConfirmDialog
              title={t('documents.delete.title', { name: deleting.document_name })}
              confirmLabel={t('documents.delete.confirm')}
              onConfirm={() => remove(deleting)}
              onCancel={() => setDeleting(null)}
              busy={busy}
            >
              <p>{t('documents.delete.text')}</p>
            </ConfirmDialog>
          )
        }
      >
        {list.loading && <p role="status">{t('app.loading')}</p>}
        {(filtered || list.total > 0) && (
          <search aria-label={t('common.filters')}>
            <form
              className="filters"
              onSubmit={(e) => {
                e.preventDefault();
                setFilters(draft);
              }}
            >
              <SelectField
                label={t('documents.list.scope')}
                name="scope"
                value={draft.scope}
                onValue={(v) => setDraft((d) => ({ ...d, scope: v as Scope }))}
                options={[
                  { value: 'all', label: t('documents.list.scopeAll') },
                  { value: 'own', label: t('documents.list.scopeOwn') },
                  { value: 'shared', label: t('documents.list.scopeShared') },
                ]}
              />
              <SelectField
                label={t('documents.list.type')}
                name="file_type"
                value={draft.file_type}
                onValue={(v) => setDraft((d) => ({ ...d, file_type: v as Filters['file_type'] }))}
                placeholder={t('documents.list.typeAll')}
                options={documentFileType.values.map((v, i) => ({ value: v, label: documentFileType.labels[i][lang] }))}
              />
              <TextField
                label={t('documents.list.search')}
                name="search"
                type="search"
                autoComplete="off"
                maxLength={100}
                value={draft.search}
                onValue={(v) => setDraft((d) => ({ ...d, search: v }))}
              />
              <FilterActions
                onReset={() => {
                  setDraft(NO_FILTERS);
                  setFilters(NO_FILTERS);
                }}
              />
            </form>
          </search>
        )}
      </PagedTable>
      {renaming && (
        <RenameDialog
          document={renaming}
          onClose={() => setRenaming(null)}
          onDone={() => {
            setRenaming(null);
            say('success', 'documents.rename.done');
            changed();
          }}
        />
      )}
      {sharing && (
        <ShareDialog
          document={sharing}
          onClose={() => {
            setSharing(null);
            changed();
          }}
        />
      )}
    </article>
  );
}

/** A data: URL's file (decoded here: the page's CSP lets fetch reach this site only, not data: URLs). */
function blobOf(dataUrl: string): Blob {
  const comma = dataUrl.indexOf(',');
  const binary = atob(dataUrl.slice(comma + 1));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type: dataUrl.slice(5, dataUrl.indexOf(';')) });
}

function FileSize({ bytes }: { bytes: number }) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const { unit, value } = fileSizeParts(bytes, lang);
  return <>{t(`documents.size.${unit}`, { value })}</>;
}

function NameCell({ document: d }: { document: Document }) {
  const { t } = useTranslation();
  const shared = d.shared_user_list?.length ?? 0;
  return (
    <span className="documents-name">
      {isPicture(d.file_type) && <Thumbnail document={d} />}
      <span>
        {d.document_name}
        {(shared > 0 || d.public) && (
          <span className="documents-tags">
            {[shared > 0 ? t('documents.list.sharedWith', { count: shared }) : null, d.public ? t('documents.list.public') : null].filter(Boolean).join(' · ')}
          </span>
        )}
      </span>
    </span>
  );
}

/** A picture's thumbnail, read when its row shows (the file comes as a data: URL with the caller's token). */
function Thumbnail({ document: d }: { document: Document }) {
  const { t } = useTranslation();
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    documentGet({ document_client_id: d.document_client_id }).then(
      (a) => live && setSrc(a.doc),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [d.document_client_id]);
  return src ? (
    <img className="documents-thumb" src={src} alt={t('documents.list.thumbnail', { name: d.document_name })} />
  ) : (
    <span className="documents-thumb" aria-hidden="true" />
  );
}

/** Reads a file as a data: URL. */
const dataUrlOf = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

function Upload({ onUploaded, say }: { onUploaded: () => void; say: Say }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const [working, setWorking] = useState<string | null>(null);
  const hintId = `${useId().replace(/:/g, '')}-limits`;

  const upload = async (files: File[]) => {
    for (const file of files) {
      const refusal = refusalByNameAndSize(file.name, file.size);
      if (refusal) {
        say('error', 'documents.failed', { name: file.name }, { status: refusal });
        continue;
      }
      setWorking(file.name);
      try {
        await documentRecord({ document_name: file.name, doc: await dataUrlOf(file) });
        say('success', 'documents.upload.done', { name: file.name });
        onUploaded();
      } catch (e) {
        say('error', 'documents.failed', { name: file.name }, { error: e });
      }
    }
    setWorking(null);
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    void upload([...e.dataTransfer.files]);
  };

  return (
    <section
      className="section"
      aria-labelledby="documents-upload-title"
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <h2 id="documents-upload-title">{t('documents.upload.title')}</h2>
      <div className={`documents-drop${over ? ' documents-drop--over' : ''}`}>
        <p>
          {t('documents.upload.drop')}{' '}
          <button type="button" className="button" onClick={() => input.current?.click()} aria-describedby={hintId} disabled={working !== null}>
            {t('documents.upload.choose')}
          </button>
        </p>
        <p id={hintId} className="field__hint">
          {t('documents.upload.limits')}
        </p>
        <input
          ref={input}
          type="file"
          multiple
          hidden
          accept={ACCEPT}
          data-testid="documents-file-input"
          onChange={(e) => {
            const files = [...(e.target.files ?? [])];
            e.target.value = '';
            void upload(files);
          }}
        />
        {working && <p role="status">{t('documents.upload.uploading', { name: working })}</p>}
      </div>
    </section>
  );
}

/** A modal dialog: the focus goes to its heading on opening (then Tab reaches its fields), Escape closes it. */
function Dialog({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const id = useId().replace(/:/g, '');
  const { dialogRef, firstRef, onKeyDown } = useModalFocus<HTMLHeadingElement>(onClose);
  return (
    <div className="dialog-backdrop">
      <div ref={dialogRef} className="dialog documents-dialog" role="dialog" aria-modal="true" aria-labelledby={`${id}-title`} onKeyDown={onKeyDown}>
        <h2 id={`${id}-title`} ref={firstRef} tabIndex={-1}>
          {title}
        </h2>
        {children}
      </div>
    </div>
  );
}

function RenameDialog({ document: d, onClose, onDone }: { document: Document; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [name, setName] = useState(d.document_name);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setError(t('documents.rename.required'));
    setBusy(true);
    try {
      await documentRecord({ document_client_id: d.document_client_id, document_name: name.trim() });
      onDone();
    } catch (err) {
      setError(errorText(err));
      setBusy(false);
    }
  };
  return (
    <Dialog title={t('documents.rename.title', { name: d.document_name })} onClose={onClose}>
      <form onSubmit={save} noValidate>
        <TextField label={t('documents.rename.label')} name="document_name" value={name} maxLength={255} required error={error} onValue={setName} />
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            {t('documents.rename.cancel')}
          </button>
          <button type="submit" className="button" disabled={busy}>
            {t('documents.rename.save')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

type FoundUser = UserSearchResponse['user_list'][number];

function ShareDialog({ document: initial, onClose }: { document: Document; onClose: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [d, setD] = useState(initial);
  const [search, setSearch] = useState('');
  const [found, setFound] = useState<FoundUser[] | null>(null);
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const news = useRef<HTMLDivElement>(null);

  const attempt = async (call: () => Promise<Document>, done: string) => {
    setBusy(true);
    setMessage(null);
    try {
      setD(await call());
      setMessage({ kind: 'success', text: done });
      // The button just used may be gone (a user shared is no longer offered): the focus goes to the news.
      setTimeout(() => news.current?.focus());
    } catch (e) {
      setMessage({ kind: 'error', text: errorText(e) });
    } finally {
      setBusy(false);
    }
  };
  const share = (user: { user_client_id: string; username: string }, on: boolean) =>
    attempt(
      async () => (await documentShare({ document_client_id: d.document_client_id, user_client_id: user.user_client_id, share: on })).document,
      t(on ? 'documents.share.added' : 'documents.share.removed', { user: user.username }),
    );
  const find = async (e: FormEvent) => {
    e.preventDefault();
    if (search.trim().length < 2) return;
    try {
      setFound((await userSearch({ search: search.trim(), page_size: 10 })).user_list);
    } catch (err) {
      setMessage({ kind: 'error', text: errorText(err) });
    }
  };
  const shared = d.shared_user_list ?? [];
  const sharedIds = new Set(shared.map((u) => u.user_client_id));

  return (
    <Dialog title={t('documents.share.title', { name: d.document_name })} onClose={onClose}>
      <div ref={news} tabIndex={-1}>
        {message && <Notice kind={message.kind}>{message.text}</Notice>}
      </div>
      <CheckboxField
        label={t('documents.share.public')}
        name="public"
        checked={d.public ?? false}
        disabled={busy}
        onChecked={(on) =>
          attempt(
            async () => (await documentRecord({ document_client_id: d.document_client_id, document_name: d.document_name, public: on })).document,
            t(on ? 'documents.share.publicOn' : 'documents.share.publicOff'),
          )
        }
      />
      <h3>{t('documents.share.current')}</h3>
      {shared.length === 0 ? (
        <p>{t('documents.share.nobody')}</p>
      ) : (
        <ul>
          {shared.map((u) => (
            <li key={u.user_client_id}>
              <span>{u.username}</span>
              <button type="button" className="button button--small button--secondary" disabled={busy} onClick={() => share(u, false)}>
                {t('documents.share.stop', { user: u.username })}
              </button>
            </li>
          ))}
        </ul>
      )}
      <search>
        <form onSubmit={find} noValidate>
          <TextField
            label={t('documents.share.search')}
            hint={t('documents.share.searchHint')}
            name="user_search"
            type="search"
            autoComplete="off"
            minLength={2}
            maxLength={100}
            value={search}
            onValue={setSearch}
          />
          <button type="submit" className="button button--secondary">
            {t('documents.share.find')}
          </button>
        </form>
      </search>
      {found &&
        (found.length === 0 ? (
          <p role="status">{t('documents.share.noResults')}</p>
        ) : (
          <ul aria-label={t('documents.share.results')}>
            {found.map((u) => (
              <li key={u.user_client_id}>
                <span>{[u.username, [u.firstname, u.lastname].filter(Boolean).join(' ')].filter(Boolean).join(' — ')}</span>
                {!sharedIds.has(u.user_client_id) && (
                  <button type="button" className="button button--small" disabled={busy} onClick={() => share(u, true)}>
                    {t('documents.share.add', { user: u.username })}
                  </button>
                )}
              </li>
            ))}
          </ul>
        ))}
      <div className="dialog__actions">
        <button type="button" className="button button--secondary" onClick={onClose}>
          {t('documents.share.close')}
        </button>
      </div>
    </Dialog>
  );
}

// protocols: the protocol list (spec section 2's "protocol list") from /v1/protocol/list — filters by scope,
// status, group, type and a search; sorting; the server's pages. Each protocol is a card: name, group, type,
// visibility in words, version and status, owner, the example badge; open it, copy it as my template (asks
// for whom), delete the owner's never-published ones (after asking). Cards read the same at phone width.
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { ApiError } from '../../src/api/errors';
import { pageNamed, pathOf } from '../../src/app/router/catalogue';
import { useActiveLabel, useLanguageOrder, usePages } from '../../src/app/router/hooks';
import type { PageProps } from '../../src/app/router/registry';
import { useAppStore } from '../../src/app/store';
import { ConfirmDialog, enumLabel, enumOptions, formatDate, Notice, Pagination, SelectField, TextField } from '../../src/app/ui';
import { protocolCopy, protocolDelete, protocolList } from '../../src/generated/client/protocol';
import { dataModelStatus } from '../../src/generated/enums/dataModelStatus';
import { protocolType } from '../../src/generated/enums/protocolType';
import { protocolVisibility } from '../../src/generated/enums/protocolVisibility';
import type { ProtocolType, ProtocolVisibility } from '../../src/generated/types/entities';
import type { ProtocolListRequest, ProtocolListResponse } from '../../src/generated/types/routes';
import { CopyDialog } from './CopyDialog';
import './strings';
import './protocol-editor.css';

type Row = ProtocolListResponse['protocol_list'][number];
type Query = Required<Pick<ProtocolListRequest, 'scope' | 'sort' | 'page'>> & Pick<ProtocolListRequest, 'status' | 'protocol_group' | 'protocol_type' | 'search'>;

const PAGE_SIZE = 20;
const SCOPES = ['all', 'mine', 'shared', 'hospital', 'global'] as const;
const SORTS = ['-updated_at', 'updated_at', 'name', '-name'] as const;

export default function ProtocolListPage({ page }: PageProps) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const pages = usePages();
  const order = useLanguageOrder();
  const navigate = useNavigate();
  const username = useAppStore((s) => s.session.user?.username);
  const isAdmin = useAppStore((s) => s.session.authCodes.includes('admin'));
  const phone = useAppStore((s) => s.layout.device.isMobile);
  // Open on wide screens; on a phone folded until asked for, as the generic lists' filters.
  const [filtersOpen, setFiltersOpen] = useState(!phone);
  const [query, setQuery] = useState<Query>({ scope: 'all', sort: '-updated_at', page: 1 });
  const [search, setSearch] = useState('');
  const [group, setGroup] = useState('');
  const [answer, setAnswer] = useState<ProtocolListResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const [copying, setCopying] = useState<Row | null>(null);
  const [deleting, setDeleting] = useState<Row | null>(null);
  const [busy, setBusy] = useState(false);
  const filtersId = useId();

  const editor = pageNamed(pages, 'protocol_editor');
  const editorPath = useCallback((id?: string) => (editor ? `${pathOf(editor, lang, order)}${id ? `?protocol=${encodeURIComponent(id)}` : ''}` : '/'), [editor, lang, order]);

  useEffect(() => {
    let live = true;
    setError(null);
    protocolList({ ...query, page_size: PAGE_SIZE }).then(
      (a) => live && setAnswer(a),
      (e: unknown) => live && setError(e instanceof ApiError ? e.status_message : t('common.unexpected')),
    );
    return () => {
      live = false;
    };
  }, [query, t]);

  const change = (patch: Partial<Query>) => setQuery((q) => ({ ...q, ...patch, page: patch.page ?? 1 }));
  const applyText = (e: FormEvent) => {
    e.preventDefault();
    change({ search: search.trim() || undefined, protocol_group: group.trim() || undefined });
  };

  const copy = async (row: Row, visibility: ProtocolVisibility) => {
    setBusy(true);
    try {
      const created = (await protocolCopy({ protocol_id: row.protocol_id, visibility })).protocol;
      navigate(editorPath(created.protocol_id));
    } catch (e) {
      setNotice({ kind: 'error', text: e instanceof ApiError ? e.status_message : t('common.unexpected') });
      setCopying(null);
    } finally {
      setBusy(false);
    }
  };

  const remove = async (row: Row) => {
    setDeleting(null);
    try {
      await protocolDelete({ protocol_id: row.protocol_id });
      setNotice({ kind: 'success', text: t('protocol.list.deleted', { name: row.name }) });
      // The same filters again: the list is read anew without the deleted protocol.
      setQuery((q) => ({ ...q }));
    } catch (e) {
      setNotice({ kind: 'error', text: e instanceof ApiError ? e.status_message : t('common.unexpected') });
    }
  };

  const rows = answer?.protocol_list ?? [];
  return (
    <article className="page page--protocols" aria-labelledby="page-title">
      <div className="protocol-list__head">
        <h1 id="page-title">{page.caption[lang]}</h1>
        <div className="protocol-actions">
          {editor && (
            <Link className="button" to={editorPath()}>
              {t('protocol.list.new')}
            </Link>
          )}
          <button type="button" className="button button--secondary" aria-expanded={filtersOpen} aria-controls={filtersId} onClick={() => setFiltersOpen((o) => !o)}>
            {t('common.filters')}
          </button>
        </div>
      </div>
      <form id={filtersId} hidden={!filtersOpen} className="protocol-list__filters" aria-labelledby={`${filtersId}-title`} onSubmit={applyText}>
        <h2 id={`${filtersId}-title`} className="visually-hidden">
          {t('protocol.list.filters')}
        </h2>
        <SelectField label={t('protocol.list.scope')} value={query.scope} options={SCOPES.map((s) => ({ value: s, label: t(`protocol.list.scopes.${s}`) }))} onValue={(v) => change({ scope: v as Query['scope'] })} />
        <SelectField label={t('protocol.list.status')} value={query.status ?? ''} placeholder={t('protocol.list.any')} options={enumOptions(dataModelStatus, lang).filter((o) => o.value === 'draft' || o.value === 'published')} onValue={(v) => change({ status: (v || undefined) as Query['status'] })} />
        <SelectField label={t('protocol.list.type')} value={query.protocol_type ?? ''} placeholder={t('protocol.list.any')} options={enumOptions(protocolType, lang)} onValue={(v) => change({ protocol_type: (v || undefined) as ProtocolType | undefined })} />
        <SelectField label={t('protocol.list.sort')} value={query.sort} options={SORTS.map((s) => ({ value: s, label: t(`protocol.list.sorts.${s}`) }))} onValue={(v) => change({ sort: v as Query['sort'] })} />
        <TextField label={t('protocol.list.group')} value={group} maxLength={100} onValue={setGroup} />
        <TextField label={t('protocol.list.search')} hint={t('protocol.list.searchHint')} type="search" value={search} maxLength={100} onValue={setSearch} />
        <div className="form__actions">
          <button type="submit" className="button button--secondary">
            {t('protocol.list.apply')}
          </button>
        </div>
      </form>
      <Notice>{error}</Notice>
      {notice && <Notice kind={notice.kind}>{notice.text}</Notice>}
      <ul className="protocol-cards" aria-label={t('protocol.list.title')}>
        {rows.map((row) => {
          const mayDelete = row.owner === username && !row.published_version && row.status === 'draft';
          return (
            <li key={row.protocol_id} className="protocol-card">
              <article aria-labelledby={`p-${row.protocol_id}`}>
                <h2 id={`p-${row.protocol_id}`} className="protocol-card__name">
                  <Link to={editorPath(row.protocol_id)}>{row.name}</Link>
                </h2>
                {row.is_example && <p className="protocol-card__example">{t('protocol.example.badge')}</p>}
                <dl className="protocol-card__facts">
                  <div>
                    <dt>{t('protocol.props.group')}</dt>
                    <dd>{row.protocol_group}</dd>
                  </div>
                  <div>
                    <dt>{t('protocol.props.type')}</dt>
                    <dd>{enumLabel(protocolType, row.protocol_type, lang)}</dd>
                  </div>
                  <div>
                    <dt>{t('protocol.props.visibility')}</dt>
                    <dd>{enumLabel(protocolVisibility, row.visibility, lang)}</dd>
                  </div>
                  <div>
                    <dt>{t('protocol.list.version')}</dt>
                    <dd>
                      {t('protocol.statusLine', { status: enumLabel(dataModelStatus, row.status, lang), version: row.version })}
                      {row.published_version && row.status !== 'published' ? ` · ${t('protocol.publishedVersion', { version: row.published_version })}` : ''}
                    </dd>
                  </div>
                  <div>
                    <dt>{t('protocol.list.owner')}</dt>
                    <dd>{row.owner}</dd>
                  </div>
                  <div>
                    <dt>{t('protocol.list.updated')}</dt>
                    <dd>{formatDate(row.updated_at, lang)}</dd>
                  </div>
                </dl>
                {row.drug_names.length > 0 && <p className="protocol-card__drugs">{row.drug_names.join(' · ')}</p>}
                <div className="protocol-actions">
                  <Link className="button button--secondary button--small" to={editorPath(row.protocol_id)} aria-label={t('protocol.list.openLabel', { name: row.name })}>
                    {t('protocol.list.open')}
                  </Link>
                  <button type="button" className="button button--secondary button--small" aria-label={t('protocol.list.copyLabel', { name: row.name })} onClick={() => setCopying(row)}>
                    {t('protocol.copy.action')}
                  </button>
                  {mayDelete && (
                    <button type="button" className="button button--danger button--small" aria-label={t('protocol.list.deleteLabel', { name: row.name })} onClick={() => setDeleting(row)}>
                      {t('protocol.list.delete')}
                    </button>
                  )}
                </div>
              </article>
            </li>
          );
        })}
      </ul>
      {answer && answer.total === 0 && <p className="protocol-muted">{t('protocol.list.empty')}</p>}
      {answer && <Pagination page={answer.page} pageSize={answer.page_size} total={answer.total} onPage={(n) => change({ page: n })} label={t('protocol.list.pages')} />}
      {copying && <CopyDialog name={copying.name} isAdmin={isAdmin} busy={busy} onCopy={(v) => void copy(copying, v)} onCancel={() => setCopying(null)} />}
      {deleting && (
        <ConfirmDialog title={t('protocol.delete.title')} confirmLabel={t('protocol.delete.confirm')} onCancel={() => setDeleting(null)} onConfirm={() => void remove(deleting)}>
          <p>{t('protocol.delete.text', { name: deleting.name })}</p>
        </ConfirmDialog>
      )}
    </article>
  );
}

// wai_search_iframe (spec section 2: no login, frame mode): a search box over the site's public projects, the
// visitor's own and the pages they may open (/wai/search), for embedding on another site of the tenant. A
// result opens in the top window (the frame is someone else's page); `?q=` carries the search, so an embedding
// page can start one. Drawn without the layout, so it offers the language itself.
import { Fragment, useCallback, useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../../app/layout/TopBar';
import { useActiveLabel } from '../../../app/router/hooks';
import type { PageProps } from '../../../app/router/registry';
import { Notice, Pagination, TextField, useErrorText, useLoad, useStableValue } from '../../../app/ui';
import { waiSearch } from '../../../generated/client';
import type { WaiSearchResponse } from '../../../generated/types/routes';
import { markWords, queryWords } from './mark';
import './strings';
import './frames.css';

const PAGE_SIZE = 10;
const MAX_QUERY = 500;

type Result = WaiSearchResponse['result_list'][number];

export default function WaiSearchIframe({ page }: PageProps) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const errorText = useErrorText();
  const [params, setParams] = useSearchParams();
  const query = (params.get('q') ?? '').trim().slice(0, MAX_QUERY);
  const [draft, setDraft] = useState(query);
  const [asked, setAsked] = useState({ query, page: 1 });
  // A new query (typed here, or a changed address) starts at its first page.
  const pageNo = asked.query === query ? asked.page : 1;
  // The language is part of the request: titles, snippets and page addresses are answered in it.
  const request = useStableValue({ query, page: pageNo, lang });
  const load = useCallback((signal: AbortSignal) => waiSearch({ query: request.query, page: request.page, page_size: PAGE_SIZE }, { signal }), [request]);
  const found = useLoad(query ? load : null);
  const words = queryWords(query);
  const statusId = useId();

  const submit = () => {
    const q = draft.trim();
    setParams(q ? { q } : {}, { replace: true });
    setAsked({ query: q, page: 1 });
  };

  return (
    <article className="page wai-search" aria-labelledby="page-title">
      <header className="frame-head">
        <h1 id="page-title">{page.caption[lang]}</h1>
        <LanguageSwitch />
      </header>
      <search>
        <form
          className="wai-search__form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <TextField
            label={t('frames.search.label')}
            hint={t('frames.search.hint')}
            name="q"
            type="search"
            autoComplete="off"
            maxLength={MAX_QUERY}
            value={draft}
            onValue={setDraft}
            describedBy={statusId}
          />
          <button type="submit" className="button">
            {t('frames.search.submit')}
          </button>
        </form>
      </search>

      <div id={statusId} role="status" className="wai-search__status">
        {!query ? t('frames.search.start') : found.loading ? t('frames.search.loading') : found.data ? t('frames.search.count', { count: found.data.total, query }) : ''}
      </div>
      {found.error !== null && (
        <Notice>
          {errorText(found.error)}{' '}
          <button type="button" className="button button--secondary button--small" onClick={found.retry}>
            {t('frames.retry')}
          </button>
        </Notice>
      )}
      {query && found.data && (
        <section aria-label={t('frames.search.results')} aria-busy={found.loading || undefined}>
          {found.data.result_list.length ? (
            <ol className="wai-search__results" start={(pageNo - 1) * PAGE_SIZE + 1}>
              {found.data.result_list.map((r) => (
                <ResultItem key={r.url} result={r} words={words} />
              ))}
            </ol>
          ) : (
            <p className="wai-search__none">{t('frames.search.none', { query })}</p>
          )}
          {found.data.total > PAGE_SIZE && (
            <Pagination page={pageNo} pageSize={PAGE_SIZE} total={found.data.total} label={t('frames.search.pages')} onPage={(p) => setAsked({ query, page: p })} />
          )}
        </section>
      )}
    </article>
  );
}

function Marked({ text, words }: { text: string; words: readonly string[] }) {
  return markWords(text, words).map((piece, i) =>
    // biome-ignore lint/suspicious/noArrayIndexKey: pieces of one fixed text, in order
    piece.marked ? <mark key={i}>{piece.text}</mark> : <Fragment key={i}>{piece.text}</Fragment>,
  );
}

function ResultItem({ result, words }: { result: Result; words: readonly string[] }) {
  const { t } = useTranslation();
  return (
    <li className="wai-search__result">
      <span className="wai-search__kind">{result.project_id ? t('frames.search.kind.project') : t('frames.search.kind.page')}</span>
      {/* The frame is embedded in another site's page: a result replaces that page, not the frame. */}
      <a className="wai-search__title" href={result.url} target="_top">
        <Marked text={result.title} words={words} />
      </a>
      {result.snippet && (
        <p className="wai-search__snippet">
          <Marked text={result.snippet} words={words} />
        </p>
      )}
    </li>
  );
}

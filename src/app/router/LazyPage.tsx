// Renders a lazily-loaded page component. A failed or timed-out chunk shows a bilingual, recoverable error:
// Retry runs the import again; the reload link reloads the page.
import { useCallback, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useRepeatableEffect } from '../ui/hooks';
import { chunkErrorKind, loadChunk, type ChunkErrorKind } from './chunk';
import type { PageLoader, PageProps } from './registry';

const loaded = new WeakMap<PageLoader, ComponentType<PageProps>>();

type LoadState = { component: ComponentType<PageProps> } | { error: ChunkErrorKind } | { loading: true };

export function LazyPage({ loader, page }: PageProps & { loader: PageLoader }) {
  const cached = loaded.get(loader);
  const [state, setState] = useState<LoadState>(() => (cached ? { component: cached } : { loading: true }));

  const load = useCallback(() => {
    const hit = loaded.get(loader);
    if (hit) {
      setState({ component: hit });
      return;
    }
    let live = true;
    setState({ loading: true });
    loadChunk(loader).then(
      (mod) => {
        loaded.set(loader, mod.default);
        if (live) setState({ component: mod.default });
      },
      (e: unknown) => {
        console.error('[sema] chunk-load error', e);
        if (live) setState({ error: chunkErrorKind(e) });
      },
    );
    return () => {
      live = false;
    };
  }, [loader]);
  const retry = useRepeatableEffect(load);

  if ('component' in state) {
    const Page = state.component;
    return <Page page={page} />;
  }
  if ('error' in state) return <ChunkError kind={state.error} onRetry={retry} />;
  return <PageLoading />;
}

export function PageLoading() {
  const { t } = useTranslation();
  return (
    <p className="page-loading" role="status">
      {t('app.loading')}
    </p>
  );
}

function ChunkError({ kind, onRetry }: { kind: ChunkErrorKind; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <section className="chunk-error" role="alert" aria-labelledby="chunk-error-title">
      <h1 id="chunk-error-title">{t('chunk.title')}</h1>
      <p>{t(`chunk.${kind}`)}</p>
      <p className="chunk-error__actions">
        <button type="button" className="button" onClick={onRetry}>
          {t('chunk.retry')}
        </button>
        <a href={window.location.href}>{t('chunk.reload')}</a>
      </p>
    </section>
  );
}

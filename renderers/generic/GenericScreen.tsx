// The page component of every generic screen (route_view GenericScreen): loads the screen named by the page
// (or a website unit's content, or the `screen` prop), fills its parameters (query string, the page's fixed
// values, the user's id), asks for a missing one with a picker, and shows the list or record view, each
// in its own lazy chunk (the record view brings @rjsf and ajv; the list view never does).
import { useCallback, useState, type ComponentType } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAccess, useActiveLabel, usePages } from '../../src/app/router/hooks';
import { loginRedirect } from '../../src/app/router/catalogue';
import { routeRefusal } from '../../src/domain/page-access';
import type { PageProps } from '../../src/app/router/registry';
import { loadChunk } from '../../src/app/router/chunk';
import { labelOf, type ResolvedScreen, type ScreenRef } from '../../src/domain/screen';
import { Notice, useAuthCodeLabel, useRepeatableEffect } from '../../src/app/ui';
import { requiredParams, resolveParams, screenOfPage, useUserIds } from './context';
import { pickerFromScreen, ReferencePicker } from './ReferencePicker';
import { screenById, screenIdOfEntity } from './screens';
import type { ListScreenProps } from './list/ListScreen';
import type { RecordScreenProps } from './record/RecordScreen';
import './generic.css';
import './strings';

type ViewProps = ListScreenProps & RecordScreenProps;

const viewLoaders = {
  list: () => import('./list/ListScreen'),
  record: () => import('./record/RecordScreen'),
} as const;
const loadedViews: Partial<Record<keyof typeof viewLoaders, ComponentType<ViewProps>>> = {};

/** Loads a screen by id (cached) and reports loading, missing and failed states. */
export function useScreen(id: string | undefined) {
  const [state, setState] = useState<{ id?: string; screen?: ResolvedScreen; missing?: boolean; error?: unknown }>({});
  const load = useCallback(() => {
    if (!id) return;
    let live = true;
    setState({ id });
    loadChunk(() => screenById(id)).then(
      (screen) => live && setState(screen ? { id, screen } : { id, missing: true }),
      (error: unknown) => live && setState({ id, error }),
    );
    return () => {
      live = false;
    };
  }, [id]);
  const retry = useRepeatableEffect(load);
  return { ...(state.id === id ? state : {}), retry };
}

function useView(view: 'list' | 'record') {
  const [component, setComponent] = useState<ComponentType<ViewProps> | undefined>(() => loadedViews[view]);
  const [error, setError] = useState<unknown>(null);
  const load = useCallback(() => {
    if (loadedViews[view]) {
      setComponent(() => loadedViews[view]);
      return;
    }
    let live = true;
    loadChunk(viewLoaders[view]).then(
      (mod) => {
        loadedViews[view] = mod.default as ComponentType<ViewProps>;
        if (live) setComponent(() => loadedViews[view]);
      },
      (e: unknown) => live && setError(e),
    );
    return () => {
      live = false;
    };
  }, [view]);
  const retry = useRepeatableEffect(load);
  return { component, error, retry };
}

/** A generic screen's view without the page frame (for website units and embedding; `tools` add to a list's toolbar). */
export function ScreenView({ screenRef, title, tools }: { screenRef: ScreenRef; title: string; tools?: ListScreenProps['tools'] }) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const loaded = useScreen(screenRef.id);
  const view = useView(screenRef.view);
  const [query, setQuery] = useSearchParams();
  const { userId } = useUserIds();
  const access = useAccess();
  const screen = loaded.screen;

  if (loaded.missing) return <Notice>{t('screen.unknown', { id: screenRef.id })}</Notice>;
  if (loaded.error || view.error)
    return (
      <Notice>
        {t('screen.loadFailed')}{' '}
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() => {
            loaded.retry();
            view.retry();
          }}
        >
          {t('screen.retry')}
        </button>
      </Notice>
    );
  if (!screen || !view.component)
    return (
      <p className="page-loading" role="status">
        {t('app.loading')}
      </p>
    );
  if (screenRef.view === 'list' ? !screen.list : !screen.record) return <Notice>{t('screen.unknown', { id: `${screenRef.id} (${screenRef.view})` })}</Notice>;

  const id = screenRef.view === 'record' ? (query.get(screen.key) ?? undefined) : undefined;
  // A page anyone may open can show a screen whose data only some may read (a website unit showing an
  // administrator's list): say so, instead of a form or list that every call would refuse.
  const primary = screen.route_table[(screenRef.view === 'list' ? screen.routes.list : id ? screen.routes.get : screen.routes.new) ?? ''];
  const refusal = primary ? routeRefusal(primary, access) : undefined;
  if (refusal) return <ScreenRefused refusal={refusal} authCodes={primary!.auth_codes} />;

  const params = resolveParams(screen, screenRef.params, query, userId);
  const missing = requiredParams(screen, screenRef.view, Boolean(id)).filter((p) => !params[p]);
  if (missing.length) {
    const name = missing[0];
    const source = screen.params?.[name];
    if (source?.from === 'query' && source.entity)
      return (
        <ParamChooser
          entity={source.entity}
          label={labelOf(source.label ?? screen.entity_schema.properties?.[name]?.['x-label'], lang, name)}
          values={{ ...params, user_client_id: userId }}
          onPick={(value) =>
            setQuery(
              (prev) => {
                const next = new URLSearchParams(prev);
                next.set(name, value);
                return next;
              },
              { replace: true },
            )
          }
        />
      );
    return <Notice>{source?.from === 'user' ? t('screen.needsLogin') : t('screen.missingParam', { name })}</Notice>;
  }
  const View = view.component;
  return <View key={`${screen.id}:${screenRef.view}:${id ?? ''}`} screen={screen} params={params} title={title} recordId={id} tools={tools} />;
}

/** Why the screen is not shown to this viewer: sign in first (with a way back here), or which rights it needs. */
function ScreenRefused({ refusal, authCodes }: { refusal: 'login' | 'auth'; authCodes: readonly string[] }) {
  const { t } = useTranslation();
  const authName = useAuthCodeLabel();
  const lang = useActiveLabel();
  const pages = usePages();
  const location = useLocation();
  if (refusal === 'login')
    return (
      <Notice kind="info">
        <p>{t('screen.signInToSee')}</p>
        <p>
          <Link className="button" to={loginRedirect(pages, lang, location.pathname + location.search + location.hash)}>
            {t('screen.signIn')}
          </Link>
        </p>
      </Notice>
    );
  return (
    <Notice>
      <p>{t('screen.lacksRight', { count: authCodes.length, auths: authCodes.map((c) => authName(c)).join(t('screen.orSeparator')) })}</p>
    </Notice>
  );
}

/** Which shop (bundle...)? A screen opened without a parameter it needs asks for it first. */
function ParamChooser({ entity, label, values, onPick }: { entity: string; label: string; values: Record<string, unknown>; onPick: (value: string) => void }) {
  const { t } = useTranslation();
  const screenId = screenIdOfEntity(entity);
  const loaded = useScreen(screenId);
  const config = loaded.screen ? pickerFromScreen(loaded.screen, values) : undefined;
  if (!screenId || loaded.missing || (loaded.screen && !config)) return <Notice>{t('screen.missingParam', { name: label })}</Notice>;
  if (!config)
    return (
      <p className="page-loading" role="status">
        {t('app.loading')}
      </p>
    );
  return (
    <section className="section" aria-labelledby="screen-choose">
      <h2 id="screen-choose">{t('screen.chooseFirst', { label })}</h2>
      <ReferencePicker config={config} label={label} onPick={(o) => onPick(o.value)} />
    </section>
  );
}

export default function GenericScreen({ page, screen }: PageProps & { screen?: ScreenRef }) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const ref = screen ?? screenOfPage(page);
  const title = page.caption[lang];
  return (
    <article className="page page--screen" aria-labelledby="page-title">
      <h1 id="page-title">{title}</h1>
      {ref ? <ScreenView screenRef={ref} title={title} /> : <Notice>{t('screen.unknown', { id: page.route_name })}</Notice>}
    </article>
  );
}

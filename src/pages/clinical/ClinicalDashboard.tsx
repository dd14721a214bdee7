// A website unit of content kind clinical_dashboard (the clinical site's home page): a greeting, the unit's
// text, "new data model" and "new rule package", then cards of the user's newest data models (each to the
// designer and to its records), the newest records of the newest published model among them (records are listed
// per model: one more call, not one per model), and the newest rule packages. Signed out, only the text and a
// way to sign in: every one of those calls needs a session.
import { useCallback, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { dataModelList } from '../../generated/client/data_model';
import { dataModelRecordList } from '../../generated/client/data_model_record';
import { rulePackageList } from '../../generated/client/rule';
import type { DataModelListResponse } from '../../generated/types/routes';
import { nameOf } from '../../domain/data-model/document';
import { loginRedirect } from '../../app/router/catalogue';
import { useAccess, useActiveLabel, usePages } from '../../app/router/hooks';
import type { PageProps } from '../../app/router/registry';
import { useAppStore } from '../../app/store';
import { formatDate, Notice, useErrorText, useLoad, type LoadState } from '../../app/ui';
import { ChildPagesNav, useChildPages } from '../shared/ChildPages';
import { usePagePath } from '../shared/hooks';
import { withModel } from '../data-model/params';
import './strings';
import './dashboard.css';

/** How many of each the cards show: the newest five. */
const RECENT = 5;

type ModelSummary = DataModelListResponse['data_model_list'][number];

export default function ClinicalDashboard({ page }: PageProps) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const { loggedIn } = useAccess();
  const pages = usePages();
  const location = useLocation();
  const children = useChildPages(page.route_name);
  const content = page.content?.kind === 'clinical_dashboard' ? page.content : undefined;
  const text = content?.text?.[lang];

  return (
    <article className="page dashboard" aria-labelledby="page-title">
      <h1 id="page-title">{page.caption[lang]}</h1>
      {loggedIn && <Greeting />}
      {text && <p className="page__text dashboard__text">{text}</p>}
      {loggedIn ? (
        <Workspace />
      ) : (
        <div className="dashboard__signin">
          <p>{t('dashboard.signInToSee')}</p>
          <Link className="button" to={loginRedirect(pages, lang, location.pathname + location.search)}>
            {t('dashboard.signIn')}
          </Link>
        </div>
      )}
      <ChildPagesNav pages={children} />
    </article>
  );
}

/** "Good morning, Ayşe Yılmaz." by the hour of the reader's clock; the name as the top bar shows it, else the username. */
function Greeting() {
  const { t } = useTranslation();
  const user = useAppStore((s) => s.session.user);
  if (!user) return null;
  const hour = new Date().getHours();
  const key = hour < 12 ? 'dashboard.morning' : hour < 18 ? 'dashboard.afternoon' : 'dashboard.evening';
  const name = [user.firstname, user.lastname].map((n) => n?.trim()).filter(Boolean).join(' ');
  return <p className="dashboard__greeting">{t(key, { name: name || user.username })}</p>;
}

function Workspace() {
  const { t } = useTranslation();
  const designer = usePagePath('data_model_designer');
  const canvas = usePagePath('rule_engine_algorithm');
  const models = useLoad(useCallback((signal: AbortSignal) => dataModelList({ sort: '-updated_at', page: 1, page_size: RECENT }, { signal }), []));
  const newest = models.data?.data_model_list.find((m) => m.published_version);
  return (
    <>
      {(designer || canvas) && (
        <p className="dashboard__actions">
          {designer && (
            <Link className="button" to={designer}>
              {t('dashboard.newModel')}
            </Link>
          )}
          {canvas && (
            <Link className="button button--secondary" to={canvas}>
              {t('dashboard.newPackage')}
            </Link>
          )}
        </p>
      )}
      <div className="dashboard__cards">
        <ModelsCard models={models} />
        <RecordsCard model={models.data ? (newest ?? null) : undefined} modelsFailed={Boolean(models.error)} />
        <PackagesCard />
      </div>
    </>
  );
}

/** A card: its heading, a link to the whole list, and the loading, failed, empty or loaded list. */
function Card<T>({ id, title, sub, all, state, empty, items }: { id: string; title: string; sub?: ReactNode; all?: { to: string; label: string } | null; state: LoadState<T[]>; empty: ReactNode; items: (list: T[]) => ReactNode }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  return (
    <section className="dashboard__card" aria-labelledby={id}>
      <div className="dashboard__card-head">
        <h2 id={id}>{title}</h2>
        {all && <Link to={all.to}>{all.label}</Link>}
      </div>
      {sub}
      {state.error ? (
        <Notice>
          {errorText(state.error)}{' '}
          <button type="button" className="button button--secondary button--small" onClick={state.retry}>
            {t('dashboard.retry')}
          </button>
        </Notice>
      ) : !state.data ? (
        <Skeleton />
      ) : state.data.length === 0 ? (
        <div className="dashboard__empty">{empty}</div>
      ) : (
        <ul className="dashboard__list" aria-busy={state.loading || undefined}>
          {items(state.data)}
        </ul>
      )}
    </section>
  );
}

/** Grey lines where the items will be, and the word for screen readers. */
function Skeleton() {
  const { t } = useTranslation();
  return (
    <div className="dashboard__skeleton">
      <span className="visually-hidden" role="status">
        {t('dashboard.loading')}
      </span>
      {[0, 1, 2].map((i) => (
        <span key={i} aria-hidden="true" />
      ))}
    </div>
  );
}

function ModelsCard({ models }: { models: LoadState<{ data_model_list: ModelSummary[] }> }) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const designer = usePagePath('data_model_designer');
  const records = usePagePath('data_model_records');
  const list = usePagePath('data_models');
  const state = { ...models, data: models.data?.data_model_list ?? null };
  return (
    <Card
      id="dashboard-models"
      title={t('dashboard.models.title')}
      all={list ? { to: list, label: t('dashboard.models.all') } : null}
      state={state}
      empty={
        <>
          <p>{t('dashboard.models.empty')}</p>
          {designer && <Link to={designer}>{t('dashboard.newModel')}</Link>}
        </>
      }
      items={(items) =>
        items.map((m) => {
          const name = nameOf(m.title, lang, t('dashboard.models.title'));
          return (
            <li key={m.data_model_id} className="dashboard__item">
              {designer ? (
                <Link className="dashboard__name" to={withModel(designer, m.data_model_id)} aria-label={t('dashboard.models.open', { name })}>
                  {name}
                </Link>
              ) : (
                <span className="dashboard__name">{name}</span>
              )}
              <span className="dashboard__meta">
                <span className={`dashboard__status dashboard__status--${m.status}`}>{t(`dashboard.status.${m.status}`)}</span> {t('dashboard.version', { version: m.version })} · {t('dashboard.updated', { date: formatDate(m.updated_at, lang) })}
              </span>
              {records && m.published_version ? (
                <Link className="dashboard__more" to={withModel(records, m.data_model_id)} aria-label={t('dashboard.models.recordsOf', { name })}>
                  {t('dashboard.models.records')}
                </Link>
              ) : null}
            </li>
          );
        })
      }
    />
  );
}

/**
 * The newest records of one model: the newest published one of the models card (undefined while that card
 * loads, null when none is published).
 */
function RecordsCard({ model, modelsFailed }: { model: ModelSummary | null | undefined; modelsFailed: boolean }) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const recordPage = usePagePath('data_model_record');
  const recordsPage = usePagePath('data_model_records');
  const id = model?.data_model_id;
  const load = useCallback((signal: AbortSignal) => dataModelRecordList({ data_model_id: id!, page: 1, page_size: RECENT }, { signal }), [id]);
  const records = useLoad(id ? load : null);
  const name = model ? nameOf(model.title, lang, '') : '';
  // Without a published model there is nothing to ask: an empty answer, or the models card's own failure.
  const state: LoadState<NonNullable<typeof records.data>['data_model_record_list']> =
    model === null || modelsFailed ? { data: [], loading: false, error: null, retry: records.retry } : { ...records, data: records.data?.data_model_record_list ?? null };
  return (
    <Card
      id="dashboard-records"
      title={t('dashboard.records.title')}
      sub={model ? <p className="dashboard__sub">{t('dashboard.records.of', { name })}</p> : null}
      all={recordsPage && id ? { to: withModel(recordsPage, id), label: t('dashboard.records.all') } : null}
      state={state}
      empty={
        model ? (
          <>
            <p>{t('dashboard.records.empty')}</p>
            {recordPage && id && <Link to={withModel(recordPage, id)}>{t('dashboard.records.newRecord')}</Link>}
          </>
        ) : (
          <p>{t('dashboard.records.noModel')}</p>
        )
      }
      items={(items) =>
        items.map((r) => {
          const date = formatDate(r.created_at, lang, true);
          return (
            <li key={r.data_model_record_id} className="dashboard__item">
              {recordPage ? (
                <Link className="dashboard__name" to={withModel(recordPage, r.data_model_id, r.data_model_record_id)} aria-label={t('dashboard.records.open', { date, by: r.created_by })}>
                  {date}
                </Link>
              ) : (
                <span className="dashboard__name">{date}</span>
              )}
              <span className="dashboard__meta">
                {t('dashboard.records.by', { by: r.created_by })} · {t('dashboard.version', { version: r.version })}
                {r.warning_list.length > 0 && (
                  <>
                    {' · '}
                    <span className="dashboard__warning">{t('dashboard.records.warnings', { count: r.warning_list.length })}</span>
                  </>
                )}
              </span>
            </li>
          );
        })
      }
    />
  );
}

function PackagesCard() {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const canvas = usePagePath('rule_engine_algorithm');
  const list = usePagePath('rule_engine_packages');
  const packages = useLoad(useCallback((signal: AbortSignal) => rulePackageList({ sort: '-updated_at', page: 1, page_size: RECENT }, { signal }), []));
  return (
    <Card
      id="dashboard-packages"
      title={t('dashboard.packages.title')}
      all={list ? { to: list, label: t('dashboard.packages.all') } : null}
      state={{ ...packages, data: packages.data?.decision_package_list ?? null }}
      empty={
        <>
          <p>{t('dashboard.packages.empty')}</p>
          {canvas && <Link to={canvas}>{t('dashboard.newPackage')}</Link>}
        </>
      }
      items={(items) =>
        items.map((p) => {
          const name = nameOf(p.name, lang, p.package_id);
          return (
            <li key={p.package_id} className="dashboard__item">
              {canvas ? (
                <Link className="dashboard__name" to={`${canvas}?${new URLSearchParams({ package_id: p.package_id })}`} aria-label={t('dashboard.packages.open', { name })}>
                  {name}
                </Link>
              ) : (
                <span className="dashboard__name">{name}</span>
              )}
              <span className="dashboard__meta">
                <span className={`dashboard__status dashboard__status--${p.status}`}>{t(`dashboard.status.${p.status}`)}</span> {t('dashboard.version', { version: p.version })}
                {p.updated_at && ` · ${t('dashboard.updated', { date: formatDate(p.updated_at, lang) })}`}
              </span>
            </li>
          );
        })
      }
    />
  );
}

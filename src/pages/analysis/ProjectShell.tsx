// The frame of the five project pages (statistics, dataset filter, statistics query, data query, machine
// learning) and of the project's home: the project named by ?project_id (details/columns/wai/get), its name as
// the heading, links to the home and the five pages with the active one marked, and a way back to the project list. Without a project it offers a short
// list to pick one from; an unknown project (or one not open to the caller) and a failed read say so. The page's
// own content gets the loaded project.
import { useCallback, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors';
import { pageNamed, pathOf, type PageDefinition } from '../../app/router/catalogue';
import { useActiveLabel, useLanguageOrder, usePages } from '../../app/router/hooks';
import { Notice, useErrorText, useLoad } from '../../app/ui';
import { isUuid } from '../../domain/uuid';
import { recordNotFound } from '../../generated/errors';
import { wanalyzerProjectDetailsColumnsWaiGet, wanalyzerProjectList } from '../../generated/client';
import type { WanalyzerProjectDetailsColumnsWaiGetResponse } from '../../generated/types/routes';
import { usePagePath } from '../shared/hooks';
import { useProjectIdParam, withProject } from './project-links';
import './strings';
import './analysis.css';

export type ProjectPage = 'statistics' | 'dataset_filter' | 'statistics_query' | 'create_data_query' | 'machine_learning';

/** Each project page's route name (schemas/screens/pages.json), in the order the links show them. */
export const PROJECT_PAGES: Record<ProjectPage, string> = {
  statistics: 'user_project_statistics_view',
  dataset_filter: 'user_project_dataset_filter',
  statistics_query: 'user_project_dataset_statistics_query',
  create_data_query: 'user_project_create_data_query',
  machine_learning: 'user_project_machine_learning',
};

export interface ProjectShellProps {
  page: PageDefinition;
  active: ProjectPage;
  children: (project: WanalyzerProjectDetailsColumnsWaiGetResponse) => ReactNode;
}

export function ProjectShell({ page, active, children }: ProjectShellProps) {
  const lang = useActiveLabel();
  return (
    <ProjectFrame title={page.caption[lang]} active={active}>
      {children}
    </ProjectFrame>
  );
}

export interface ProjectFrameProps {
  /** The heading until a project is shown (then the project's name). */
  title: string;
  /** The project page shown; none on the project's home. */
  active?: ProjectPage;
  /** The content for the loaded project; `reload` reads it again after a change. */
  children: (project: WanalyzerProjectDetailsColumnsWaiGetResponse, reload: () => void) => ReactNode;
}

/** The frame of every page about one project: ProjectShell's, and the project's home. */
export function ProjectFrame({ title, active, children }: ProjectFrameProps) {
  const { t } = useTranslation();
  const projectId = useProjectIdParam();
  const errorText = useErrorText();
  const listPath = usePagePath('user_project');
  const load = useCallback((signal: AbortSignal) => wanalyzerProjectDetailsColumnsWaiGet({ project_id: projectId }, { signal }), [projectId]);
  // An id that is no UUID names no project: it is unknown without asking.
  const valid = isUuid(projectId);
  const project = useLoad(valid ? load : null);
  // A project shown is the one the address names (not the previous one while the next loads).
  const shown = projectId && project.data?.project_id === projectId ? project.data : null;
  const unknown = !valid || (project.error instanceof ApiError && project.error.status_code === recordNotFound.status_code);

  return (
    <article className="page analysis" aria-labelledby="page-title">
      {listPath && (
        <p className="analysis__back">
          <Link to={listPath}>{t('analysis.shell.backToList')}</Link>
        </p>
      )}
      <h1 id="page-title">{shown ? shown.project_name : title}</h1>
      {!projectId && <ProjectPicker />}
      {projectId && !shown && project.loading && <p role="status">{t('app.loading')}</p>}
      {projectId && unknown && <Notice>{t('analysis.shell.unknown')}</Notice>}
      {projectId && project.error !== null && !unknown && (
        <Notice>
          {t('analysis.shell.loadFailed')} {errorText(project.error)}{' '}
          <button type="button" className="button button--small button--secondary" onClick={project.retry}>
            {t('analysis.retry')}
          </button>
        </Notice>
      )}
      {shown && (
        <>
          <ProjectLinks projectId={shown.project_id} active={active} />
          {children(shown, project.retry)}
        </>
      )}
    </article>
  );
}

/** Links to the project's home and the project pages this site has, the active one marked; a row that scrolls sideways on a phone. */
function ProjectLinks({ projectId, active }: { projectId: string; active?: ProjectPage }) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const order = useLanguageOrder();
  const pages = usePages();
  const home = usePagePath('user_project');
  const links = (Object.entries(PROJECT_PAGES) as [ProjectPage, string][]).flatMap(([key, routeName]) => {
    const p = pageNamed(pages, routeName);
    return p ? [{ key, caption: p.caption[lang], to: withProject(pathOf(p, lang, order), projectId) }] : [];
  });
  return (
    <nav className="analysis-tabs" aria-label={t('analysis.shell.pages')}>
      <ul>
        {home && (
          <li>
            <Link to={withProject(home, projectId)} aria-current={active ? undefined : 'page'}>
              {t('analysis.shell.home')}
            </Link>
          </li>
        )}
        {links.map((l) => (
          <li key={l.key}>
            <Link to={l.to} aria-current={l.key === active ? 'page' : undefined}>
              {l.caption}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Without a project in the address: the newest projects the visitor may open, each a link to this page for it. */
function ProjectPicker() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const listPath = usePagePath('user_project');
  const projects = useLoad(useCallback((signal: AbortSignal) => wanalyzerProjectList({ page_size: 10 }, { signal }).then((a) => a.project_list), []));
  return (
    <section className="section" aria-labelledby="pick-project">
      <h2 id="pick-project">{t('analysis.shell.pick')}</h2>
      {projects.loading && !projects.data && <p role="status">{t('app.loading')}</p>}
      {projects.error !== null && <Notice>{errorText(projects.error)}</Notice>}
      {projects.data?.length === 0 && <p>{t('analysis.list.emptyAll')}</p>}
      {projects.data && projects.data.length > 0 && (
        <ul className="analysis-picker">
          {projects.data.map((p) => (
            <li key={p.project_id}>
              <Link to={withProject('', p.project_id)}>{p.project_name}</Link>
            </li>
          ))}
        </ul>
      )}
      {listPath && (
        <p>
          <Link to={listPath}>{t('analysis.shell.allProjects')}</Link>
        </p>
      )}
    </section>
  );
}

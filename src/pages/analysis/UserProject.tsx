// user_project (open to visitors): the projects the visitor may open, or, with ?project_id=…, that project's home.
import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useActiveLabel } from '../../app/router/hooks';
import type { PageProps } from '../../app/router/registry';
import { Notice } from '../../app/ui';
import { ProjectHome, type ProjectArrival } from './ProjectHome';
import { ProjectList } from './ProjectList';
import { useProjectIdParam } from './project-links';
import './strings';
import './analysis.css';

/** What the previous page did (a save, a deletion), passed in the history entry's state. */
type Arrival = ProjectArrival & { deleted?: string };

export default function UserProject({ page }: PageProps) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const projectId = useProjectIdParam();
  const arrival = (useLocation().state ?? undefined) as Arrival | undefined;
  if (projectId) return <ProjectHome key={projectId} arrival={arrival} />;
  return (
    <article className="page analysis" aria-labelledby="page-title">
      <h1 id="page-title">{page.caption[lang]}</h1>
      {arrival?.deleted && <Notice kind="success">{t('analysis.delete.done', { name: arrival.deleted })}</Notice>}
      <ProjectList />
    </article>
  );
}

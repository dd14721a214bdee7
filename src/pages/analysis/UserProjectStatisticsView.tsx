// user_project_statistics_view: statistics of a project's columns in the layout of jamovi and JASP, with plots
// and the project's earlier results (src/pages/analysis/statistics/).
import type { PageProps } from '../../app/router/registry';
import { ProjectShell } from './ProjectShell';
import { StatisticsPanel } from './statistics/StatisticsPanel';

export default function UserProjectStatisticsView({ page }: PageProps) {
  return (
    <ProjectShell page={page} active="statistics">
      {(project) => <StatisticsPanel key={project.project_id} project={project} />}
    </ProjectShell>
  );
}

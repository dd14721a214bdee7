// user_project_dataset_statistics_query: the same statistics on the rows a filter keeps (the filter runs in the
// database with the analysis).
import type { PageProps } from '../../app/router/registry';
import { FilteredPanel } from './FilteredPanel';
import { ProjectShell } from './ProjectShell';
import { StatisticsPanel } from './statistics/StatisticsPanel';

export default function UserProjectDatasetStatisticsQuery({ page }: PageProps) {
  return (
    <ProjectShell page={page} active="statistics_query">
      {(project) => <FilteredPanel key={project.project_id} project={project}>{(filter) => <StatisticsPanel project={project} filter={filter} />}</FilteredPanel>}
    </ProjectShell>
  );
}

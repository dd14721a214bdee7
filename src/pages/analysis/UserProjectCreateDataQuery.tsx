// user_project_create_data_query: choose columns and conditions, run the query on the server
// (/wanalyzer/data/query) and page through its result, or export it to Excel.
import type { PageProps } from '../../app/router/registry';
import { ProjectShell } from './ProjectShell';
import { RowsExplorer } from './RowsExplorer';

export default function UserProjectCreateDataQuery({ page }: PageProps) {
  return (
    <ProjectShell page={page} active="create_data_query">
      {(project) => <RowsExplorer key={project.project_id} project={project} source="data_query" />}
    </ProjectShell>
  );
}

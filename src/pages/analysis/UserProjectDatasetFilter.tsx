// user_project_dataset_filter: a project's rows that match conditions on its columns, read a page at a time on
// the server (/wanalyzer/project/dataset/get), with the columns chosen and an export to Excel.
import type { PageProps } from '../../app/router/registry';
import { ProjectShell } from './ProjectShell';
import { RowsExplorer } from './RowsExplorer';

export default function UserProjectDatasetFilter({ page }: PageProps) {
  return (
    <ProjectShell page={page} active="dataset_filter">
      {(project) => <RowsExplorer key={project.project_id} project={project} source="dataset_filter" />}
    </ProjectShell>
  );
}

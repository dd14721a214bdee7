// user_project_machine_learning: a project's models — train one as a background process, read its held-out
// results, predict with it (src/pages/analysis/machine-learning/).
import type { PageProps } from '../../app/router/registry';
import { MachineLearningPanel } from './machine-learning/MachineLearningPanel';
import { ProjectShell } from './ProjectShell';

export default function UserProjectMachineLearning({ page }: PageProps) {
  return (
    <ProjectShell page={page} active="machine_learning">
      {(project) => <MachineLearningPanel key={project.project_id} project={project} />}
    </ProjectShell>
  );
}

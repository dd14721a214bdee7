// How the analysis pages name a project in the address (?project_id=…), reading it and linking with it.
import { useSearchParams } from 'react-router-dom';

const PROJECT_PARAM = 'project_id';

/** The project the address names, or '' when none. */
export function useProjectIdParam(): string {
  const [params] = useSearchParams();
  return params.get(PROJECT_PARAM) ?? '';
}

/** A path with the project named, or the bare path when there is no project. */
export const withProject = (path: string, projectId: string): string => (projectId ? `${path}?${new URLSearchParams({ [PROJECT_PARAM]: projectId })}` : path);

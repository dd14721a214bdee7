// How the analysis pages name a project in the address (?project_id=…) and link to each other with it, at the
// pages' paths in the active language.
import { useSearchParams } from 'react-router-dom';
import { usePagePath } from '../shared/hooks';

export const PROJECT_PARAM = 'project_id';

/** The project the address names, or '' when none. */
export function useProjectIdParam(): string {
  const [params] = useSearchParams();
  return params.get(PROJECT_PARAM) ?? '';
}

/** A path with the project named, or the bare path when there is no project. */
export const withProject = (path: string, projectId: string): string => (projectId ? `${path}?${new URLSearchParams({ [PROJECT_PARAM]: projectId })}` : path);

/** The path of a catalogue page for a project, in the active language; null when this site has no such page. */
export function useProjectPagePath(routeName: string, projectId: string): string | null {
  const path = usePagePath(routeName);
  return path === null ? null : withProject(path, projectId);
}

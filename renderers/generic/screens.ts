// The generic screens by id: `screenById(id)` loads one resolved screen (its own small chunk, generated from
// schemas/screens/<id>.json by `npm run codegen`). Pages and website units name their screen with the page
// field `screen: { id, view: 'list' | 'record', params? }` (schemas/entities/page.json) and route_view
// `GenericScreen`; `screenRefOf(page)` reads it.
import type { ResolvedScreen, ScreenRef } from '../../src/domain/screen';
import { SCREEN_ENTITIES, SCREEN_IDS, SCREEN_TITLES, screenLoaders, type ScreenId } from '../../src/generated/screens/index';

export type { ResolvedScreen, ScreenRef, ScreenView } from '../../src/domain/screen';
export { SCREEN_IDS, SCREEN_ENTITIES, SCREEN_TITLES, type ScreenId };

export const GENERIC_SCREEN_VIEW = 'GenericScreen';

const cache = new Map<string, Promise<ResolvedScreen | undefined>>();

export const isScreenId = (id: string): id is ScreenId => (SCREEN_IDS as readonly string[]).includes(id);

/** The resolved screen of that id, or undefined when there is none. Loaded once, then cached. */
export function screenById(id: string): Promise<ResolvedScreen | undefined> {
  if (!isScreenId(id)) return Promise.resolve(undefined);
  let hit = cache.get(id);
  if (!hit) {
    hit = screenLoaders[id]().catch((e: unknown) => {
      cache.delete(id);
      throw e;
    });
    cache.set(id, hit);
  }
  return hit;
}

/** The screen that lists and edits an entity (the first one, in id order), for reference pickers. */
export function screenIdOfEntity(entity: string): ScreenId | undefined {
  return SCREEN_IDS.find((id) => SCREEN_ENTITIES[id] === entity);
}

/** A page's screen, when it shows one. */
export function screenRefOf(page: { screen?: ScreenRef | null }): ScreenRef | undefined {
  return page.screen ?? undefined;
}

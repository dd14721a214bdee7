// Client effects a screen names as `after_write` (schemas/meta/screen.schema.json): run after every successful
// write from the screen — a record saved, a row or bulk action, a reorder — so that what the rest of the app
// shows follows at once. One registered function per name.
import { applyWebsiteUnit, applyWebsiteUnits, reloadWebsiteUnits } from '../../src/app/boot/apply';
import type { AfterWrite, ResolvedScreen } from '../../src/domain/screen';
import type { WebsiteUnit } from '../../src/generated/types/entities';

export interface WriteEvent {
  kind: 'save' | 'action' | 'reorder';
  /** The saved record (save). */
  record?: Record<string, unknown>;
  /** The write's answer (save, reorder). */
  answer?: Record<string, unknown>;
}

type Effect = (event: WriteEvent) => void | Promise<void>;

const EFFECTS: Record<AfterWrite, Effect> = {
  /** The site's website units into the store: the menu and the router read the catalogue built from them. */
  website_units: async (event) => {
    if (event.kind === 'save' && event.record) return applyWebsiteUnit(event.record as unknown as WebsiteUnit);
    const list = event.answer?.website_unit_list;
    if (Array.isArray(list)) return applyWebsiteUnits(list as WebsiteUnit[]);
    // Another write (a delete...): the units as the server now has them.
    await reloadWebsiteUnits();
  },
};

/** Runs the screen's after_write effect, if it names one; a failure is logged, never shown as the write's. */
export function afterWrite(screen: ResolvedScreen, event: WriteEvent): void {
  const effect = screen.after_write ? EFFECTS[screen.after_write] : undefined;
  if (!effect) return;
  void Promise.resolve()
    .then(() => effect(event))
    .catch((e: unknown) => console.error(`[sema] after_write ${screen.after_write} of ${screen.id}:`, e));
}

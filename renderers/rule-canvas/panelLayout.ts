// Where the side panel is: on a wide screen a column beside the drawing, shown or hidden and as wide as the
// user dragged it — both kept for the next visit (localStorage `rule_canvas_panel`); on a phone a sheet over
// the lower part of the drawing, closed until asked for. One store for every canvas of the tab: the layout is
// the user's, not a package's. Opening a node's editor or a tab shows the panel (store.ts).
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';
import { useAppStore } from '../../src/app/store';

/** The panel's width in CSS pixels: what a user may drag it to, and where it starts. */
export const PANEL_WIDTH = { min: 280, start: 340, max: 720 } as const;
/** The drawing keeps at least this much beside the panel when the panel is widened. */
export const FLOW_MIN_WIDTH = 360;

export const PANEL_STORAGE_KEY = 'rule_canvas_panel';
/** The panel's element, and the toolbar button that shows and hides it (the focus goes there when it hides). */
export const PANEL_ID = 'rule-panel';
export const PANEL_TOGGLE_ID = 'rule-panel-toggle';

export interface PanelLayout {
  /** Shown beside the drawing (wide screens; kept). */
  open: boolean;
  /** The sheet is up (phones; not kept: a phone opens the canvas with the drawing in full). */
  sheet: boolean;
  width: number;
}

export const clampWidth = (width: number, max: number = PANEL_WIDTH.max): number =>
  Math.round(Math.min(Math.max(width, PANEL_WIDTH.min), Math.max(PANEL_WIDTH.min, Math.min(max, PANEL_WIDTH.max))));

function readKept(): Pick<PanelLayout, 'open' | 'width'> {
  try {
    const kept = JSON.parse(window.localStorage.getItem(PANEL_STORAGE_KEY) ?? 'null') as Partial<PanelLayout> | null;
    return {
      open: typeof kept?.open === 'boolean' ? kept.open : true,
      width: typeof kept?.width === 'number' && Number.isFinite(kept.width) ? clampWidth(kept.width) : PANEL_WIDTH.start,
    };
  } catch {
    // Blocked or corrupt storage: as on a first visit.
    return { open: true, width: PANEL_WIDTH.start };
  }
}

function keep({ open, width }: PanelLayout): void {
  try {
    window.localStorage.setItem(PANEL_STORAGE_KEY, JSON.stringify({ open, width }));
  } catch {
    // Full or blocked storage: the layout holds for this visit.
  }
}

const isPhone = () => useAppStore.getState().layout.device.isMobile;

export const panelLayout = createStore<PanelLayout>()(() => ({ ...readKept(), sheet: false }));

/** Reads the kept layout again (a new visit of the page; tests that change the storage). */
export const reloadPanelLayout = (): void => panelLayout.setState({ ...readKept(), sheet: false });

function change(next: Partial<PanelLayout>): void {
  panelLayout.setState(next);
  if ('open' in next || 'width' in next) keep(panelLayout.getState());
}

/** Shows the panel where it is shown on this screen: beside the drawing, or as the sheet on a phone. */
export function showPanel(): void {
  if (isPhone()) {
    if (!panelLayout.getState().sheet) change({ sheet: true });
  } else if (!panelLayout.getState().open) change({ open: true });
}

/** Hides it (the column, or the sheet on a phone). */
export function hidePanel(): void {
  if (isPhone()) change({ sheet: false });
  else change({ open: false });
}

export const setPanelWidth = (width: number, max?: number): void => {
  const next = clampWidth(width, max);
  if (next !== panelLayout.getState().width) change({ width: next });
};

/** Whether the panel is shown on this screen, and its width. */
export function usePanelLayout(): { shown: boolean; width: number; phone: boolean } {
  const phone = useAppStore((s) => s.layout.device.isMobile);
  const shown = useStore(panelLayout, (s) => (phone ? s.sheet : s.open));
  const width = useStore(panelLayout, (s) => s.width);
  return { shown, width, phone };
}

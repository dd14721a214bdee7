// Layout slice: sidebar, device class, screen size, the global loading flag, the open modal and the
// website-edit flag (spec section 3, client state).
import type { SliceCreator } from './types';

/** Mobile when the body width minus 3 px is under 750 px (spec sections 4 and 9). */
export const MOBILE_BREAKPOINT = 750;
export const BREAKPOINT_TOLERANCE = 3;
/** Tablet: not mobile and under 1024 px (the specification names the class but not its bounds). */
export const TABLET_BREAKPOINT = 1024;

export interface ScreenMeasure {
  width: number;
  height: number;
}

export interface ModalState {
  name: string;
  props?: Record<string, unknown>;
}

export interface LayoutState {
  sidebar: { opened: boolean; hidden: boolean };
  device: { isMobile: boolean; isTablet: boolean };
  /** null until the first measure. */
  screenSize: ScreenMeasure | null;
  loading: boolean;
  modal: ModalState | null;
}

export interface LayoutSlice {
  layout: LayoutState;
  websiteEdit: boolean;
  /** Records a measure; the sidebar is reset (closed on mobile, open otherwise) when the device class changes. */
  updateScreen: (measure: ScreenMeasure) => void;
  toggleSidebar: (opened?: boolean) => void;
  setSidebarHidden: (hidden: boolean) => void;
  setLoading: (loading: boolean) => void;
  openModal: (modal: ModalState) => void;
  closeModal: () => void;
  setWebsiteEdit: (on: boolean) => void;
}

export function deviceOf(width: number): LayoutState['device'] {
  const effective = width - BREAKPOINT_TOLERANCE;
  const isMobile = effective < MOBILE_BREAKPOINT;
  return { isMobile, isTablet: !isMobile && effective < TABLET_BREAKPOINT };
}

export const createLayoutSlice: SliceCreator<LayoutSlice> = (set) => ({
  layout: {
    sidebar: { opened: true, hidden: false },
    device: { isMobile: false, isTablet: false },
    screenSize: null,
    loading: false,
    modal: null,
  },
  websiteEdit: false,
  updateScreen: (measure) =>
    set((s) => {
      const device = deviceOf(measure.width);
      if (s.layout.screenSize === null || device.isMobile !== s.layout.device.isMobile) s.layout.sidebar.opened = !device.isMobile;
      s.layout.device = device;
      s.layout.screenSize = measure;
    }),
  toggleSidebar: (opened) =>
    set((s) => {
      s.layout.sidebar.opened = opened ?? !s.layout.sidebar.opened;
    }),
  setSidebarHidden: (hidden) =>
    set((s) => {
      s.layout.sidebar.hidden = hidden;
    }),
  setLoading: (loading) =>
    set((s) => {
      s.layout.loading = loading;
    }),
  openModal: (modal) =>
    set((s) => {
      s.layout.modal = modal;
    }),
  closeModal: () =>
    set((s) => {
      s.layout.modal = null;
    }),
  setWebsiteEdit: (on) =>
    set((s) => {
      s.websiteEdit = on;
    }),
});

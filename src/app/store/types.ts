import type { StateCreator } from 'zustand';
import type { AppState } from './index';

/** A slice of the one app store, written with immer drafts. */
export type SliceCreator<S> = StateCreator<AppState, [['zustand/immer', never]], [], S>;

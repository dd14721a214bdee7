// The one client store (spec section 3, client state): zustand with immer, one slice per concern.
import { create } from 'zustand';
import { immer } from 'zustand/middleware/immer';
import { createCartSlice, type CartSlice } from './cart';
import { createConfigurationSlice, type ConfigurationSlice } from './configuration';
import { createCurrencySlice, type CurrencySlice } from './currency';
import { createLanguageSlice, type LanguageSlice } from './language';
import { createLayoutSlice, type LayoutSlice } from './layout';
import { createSessionSlice, type SessionSlice } from './session';

export type AppState = SessionSlice & ConfigurationSlice & LanguageSlice & CurrencySlice & CartSlice & LayoutSlice;

export const useAppStore = create<AppState>()(
  immer((...a) => ({
    ...createSessionSlice(...a),
    ...createConfigurationSlice(...a),
    ...createLanguageSlice(...a),
    ...createCurrencySlice(...a),
    ...createCartSlice(...a),
    ...createLayoutSlice(...a),
  })),
);

/** Back to the state of a fresh page load (tests, and a failed boot). */
export function resetAppStore(): void {
  useAppStore.setState(useAppStore.getInitialState(), true);
}

export { isLoggedIn } from './session';
export type { SessionState, SessionToken, SessionUser } from './session';

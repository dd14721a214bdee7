// Session slice: who is logged in, their tokens and auth codes. The accounts issue fills it (login, token
// refresh, persistence); the router's guards and the API transport only read it.
import type { AuthCode } from '../../generated/types/entities';
import type { SliceCreator } from './types';

export interface SessionUser {
  username: string;
  firstname?: string;
  lastname?: string;
  [field: string]: unknown;
}

export interface SessionToken {
  token_type: string;
  access_token: string;
  refresh_token?: string;
  /** Seconds (spec section 9). */
  expires_in?: number;
}

export interface SessionState {
  user: SessionUser | null;
  token: SessionToken | null;
  authCodes: AuthCode[];
}

export interface SessionSlice {
  session: SessionState;
  setSession: (session: SessionState) => void;
  clearSession: () => void;
}

const emptySession = (): SessionState => ({ user: null, token: null, authCodes: [] });

export const createSessionSlice: SliceCreator<SessionSlice> = (set) => ({
  session: emptySession(),
  setSession: (session) =>
    set((s) => {
      s.session = session;
    }),
  clearSession: () =>
    set((s) => {
      s.session = emptySession();
    }),
});

/** Logged in = the session holds an access token. */
export const isLoggedIn = (session: SessionState): boolean => Boolean(session.token?.access_token);

// Session slice: who is logged in, their tokens and auth codes. src/app/session.ts fills it (login, token
// refresh, the user_controller check, browser storage); the router's guards and the API transport read it.
import type { AuthCode, User } from '../../generated/types/entities';
import type { SliceCreator } from './types';

/** The signed-in user's record as user_controller answers it (never a password). */
export type SessionUser = Partial<Omit<User, 'password'>> & { username: string };

export interface SessionToken {
  token_type: string;
  access_token: string;
  refresh_token?: string;
  /** Seconds (spec section 9). */
  expires_in?: number;
  /** When access_token expires, in ms since the epoch (computed from expires_in when the token arrived). */
  expires_at?: number;
}

export interface SessionState {
  user: SessionUser | null;
  token: SessionToken | null;
  authCodes: AuthCode[];
}

export interface SessionSlice {
  session: SessionState;
  setSession: (session: SessionState) => void;
  /** A new access token (login, refresh), keeping the user and auth codes. */
  setSessionToken: (token: SessionToken) => void;
  /** The user and the auth codes they hold now (login, user_controller check). */
  setSessionUser: (user: SessionUser, authCodes: AuthCode[]) => void;
  clearSession: () => void;
}

const emptySession = (): SessionState => ({ user: null, token: null, authCodes: [] });

export const createSessionSlice: SliceCreator<SessionSlice> = (set) => ({
  session: emptySession(),
  setSession: (session) =>
    set((s) => {
      s.session = session;
    }),
  setSessionToken: (token) =>
    set((s) => {
      s.session.token = token;
    }),
  setSessionUser: (user, authCodes) =>
    set((s) => {
      s.session.user = user;
      s.session.authCodes = authCodes;
    }),
  clearSession: () =>
    set((s) => {
      s.session = emptySession();
    }),
});

/** Logged in = the session holds an access token. */
export const isLoggedIn = (session: SessionState): boolean => Boolean(session.token?.access_token);

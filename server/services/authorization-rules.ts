// The rules of authorizations (issue 3), as pure functions over plain rows, so every rule is unit-testable
// without a database. The handlers (server/handlers/authorization.ts) load and lock the rows (through
// server/services/authorization-store.ts), call these, and write what they answer. Dates are ISO days
// ('2025-01-31'), compared as text.
import { ApiError } from '../http/api-error.ts';

export interface AuthorizationRow {
  auth_id: string;
  auth_name: string;
  auth_type: 'unlimited' | 'counted';
  /** Uses left of a counted authorization, shared by all its holders; null when unlimited. */
  auth_count: number | null;
  start_date: string | null;
  end_date: string | null;
  is_cancelled: boolean;
}

export interface HoldingRow {
  user_auth_id: string;
  user_id: string;
  can_assign_auth: boolean;
  /** Assignments the holder may still make; null = unlimited. */
  auth_count: number | null;
  /** The holder's own cap on the uses of a counted authorization; null = none. */
  use_limit: number | null;
  start_date: string | null;
  end_date: string | null;
  is_cancelled: boolean;
  parent_user_auth_id: string | null;
}

/** Inside [start, end], an open bound admitting everything. */
export const withinDates = (day: string, start: string | null, end: string | null): boolean =>
  (start === null || start <= day) && (end === null || day <= end);

/**
 * A holding admits its auth code on `today` when it is not cancelled, today is inside its dates and its
 * authorization's, and the authorization is not cancelled (the same rule as activeAuthCodes in SQL).
 */
export function isValidOn(holding: Pick<HoldingRow, 'is_cancelled' | 'start_date' | 'end_date'>, authorization: Pick<AuthorizationRow, 'is_cancelled' | 'start_date' | 'end_date'>, today: string): boolean {
  return (
    !holding.is_cancelled &&
    !authorization.is_cancelled &&
    withinDates(today, holding.start_date, holding.end_date) &&
    withinDates(today, authorization.start_date, authorization.end_date)
  );
}

/** The uses a holder may still draw: the authorization's pool, capped by the holder's own limit. */
export function usesLeft(authorization: Pick<AuthorizationRow, 'auth_type' | 'auth_count'>, holding: Pick<HoldingRow, 'use_limit'>): number | null {
  if (authorization.auth_type === 'unlimited') return holding.use_limit;
  const pool = authorization.auth_count ?? 0;
  return holding.use_limit === null ? pool : Math.min(pool, holding.use_limit);
}

/** The later of two lower bounds (null = open). */
const laterStart = (a: string | null, b: string | null): string | null => (a === null ? b : b === null ? a : a > b ? a : b);
/** The earlier of two upper bounds (null = open). */
const earlierEnd = (a: string | null, b: string | null): string | null => (a === null ? b : b === null ? a : a < b ? a : b);

export interface NewAuthorizationInput {
  auth_type: 'unlimited' | 'counted';
  auth_count?: number;
  can_assign_auth?: boolean;
  auth_count_create?: number;
  start_date?: string;
  end_date?: string;
}

/** What /authorization/new writes: the authorization's counts and the creator's holding. */
export function planNewAuthorization(input: NewAuthorizationInput) {
  if (input.auth_type === 'counted' && input.auth_count === undefined) throw new ApiError('invalid_input', { details: 'auth_count is required' });
  if (input.auth_type === 'unlimited' && input.auth_count !== undefined)
    throw new ApiError('invalid_input', { details: 'auth_count: only a counted authorization has a number of uses' });
  if (input.start_date && input.end_date && input.start_date > input.end_date)
    throw new ApiError('invalid_input', { details: 'end_date: must not be before start_date' });
  return {
    authorization: {
      auth_type: input.auth_type,
      auth_count: input.auth_type === 'counted' ? input.auth_count! : null,
      start_date: input.start_date ?? null,
      end_date: input.end_date ?? null,
    },
    holding: {
      can_assign_auth: input.can_assign_auth ?? true,
      auth_count: input.auth_count_create ?? null,
      use_limit: null,
      start_date: input.start_date ?? null,
      end_date: input.end_date ?? null,
    },
  };
}

export interface AssignInput {
  auth_type: 'unlimited' | 'counted';
  auth_count?: number;
  can_assign_auth?: boolean;
  auth_count_create?: number;
  start_date?: string;
  end_date?: string;
}

export interface AssignPlan {
  /** The receiver's new holding. */
  holding: { can_assign_auth: boolean; auth_count: number | null; use_limit: number | null; start_date: string | null; end_date: string | null };
  /** The assigner's assignment count after this assignment (unchanged when unlimited). */
  assignerCountAfter: number | null;
}

/**
 * Checks an assignment of `authorization` from the assigner's `holding` (already known to be the caller's,
 * loaded under lock) and plans the writes. Throws the ApiError the route answers:
 * 10009 the holding does not admit assigning now; 10001 type, a missing count, or dates;
 * 11021 "Please check the authorization amount" for uses or assignment counts that do not suffice.
 */
export function planAssignment(authorization: AuthorizationRow, holding: HoldingRow | undefined, input: AssignInput, today: string): AssignPlan {
  if (!holding?.can_assign_auth || !isValidOn(holding, authorization, today))
    throw new ApiError('forbidden', { auth_codes: `${authorization.auth_name} (can_assign_auth)` });

  // Uses: an unlimited receiver only of an unlimited authorization; a counted one within what the assigner has.
  let useLimit: number | null = null;
  if (input.auth_type === 'unlimited') {
    if (input.auth_count !== undefined) throw new ApiError('invalid_input', { details: 'auth_count: only a counted assignment has a number of uses' });
    if (authorization.auth_type === 'counted' || holding.use_limit !== null)
      throw new ApiError('invalid_input', { details: 'auth_type: must be counted, as the authorization you hold is counted' });
  } else {
    if (input.auth_count === undefined) throw new ApiError('invalid_input', { details: 'auth_count is required' });
    const available = usesLeft(authorization, holding);
    if (available !== null && input.auth_count > available) throw new ApiError('authorization_amount');
    useLimit = input.auth_count;
  }

  // Assignment counts: the receiver's own, charged with one for this assignment to the assigner.
  const canAssign = input.can_assign_auth === true;
  const receiverCount = !canAssign ? 0 : (input.auth_count_create ?? (holding.auth_count === null ? null : 0));
  const cost = 1 + (receiverCount ?? 0);
  if (holding.auth_count !== null && holding.auth_count < cost) throw new ApiError('authorization_amount');

  // Dates: inside the assigner's window (its holding's and the authorization's), absent ones inherited.
  const windowStart = laterStart(holding.start_date, authorization.start_date);
  const windowEnd = earlierEnd(holding.end_date, authorization.end_date);
  const start = input.start_date ?? windowStart;
  const end = input.end_date ?? windowEnd;
  if (start !== null && windowStart !== null && start < windowStart)
    throw new ApiError('invalid_input', { details: `start_date: must not be before ${windowStart}` });
  if (end !== null && windowEnd !== null && end > windowEnd) throw new ApiError('invalid_input', { details: `end_date: must not be after ${windowEnd}` });
  if (start !== null && end !== null && start > end) throw new ApiError('invalid_input', { details: 'end_date: must not be before start_date' });

  return {
    holding: { can_assign_auth: canAssign, auth_count: receiverCount, use_limit: useLimit, start_date: start, end_date: end },
    assignerCountAfter: holding.auth_count === null ? null : holding.auth_count - cost,
  };
}

/** Who may cancel a holding: an admin any of the tenant, others those they assigned; nobody their own. */
export function mayCancel(caller: { userId: string; isAdmin: boolean }, holding: { user_id: string; assigned_by: string | null }): boolean {
  if (holding.user_id === caller.userId) return false;
  return caller.isAdmin || holding.assigned_by === caller.userId;
}

/** What cancelling a holding gives back to the holding it was assigned from: 1 + its unused assignments. */
export function refundOnCancel(cancelled: Pick<HoldingRow, 'auth_count'>, parent: Pick<HoldingRow, 'auth_count'> | undefined): number | null {
  if (!parent || parent.auth_count === null) return null;
  return parent.auth_count + 1 + (cancelled.auth_count ?? 0);
}

// The authorization rules as pure functions (server/services/authorization-rules.ts), without a database.
import { describe, expect, it } from 'vitest';
import {
  isValidOn,
  mayCancel,
  planAssignment,
  planNewAuthorization,
  refundOnCancel,
  usesLeft,
  withinDates,
  type AuthorizationRow,
  type HoldingRow,
} from '../../server/services/authorization-rules.ts';

const TODAY = '2025-06-15';
const auth = (over: Partial<AuthorizationRow> = {}): AuthorizationRow => ({
  auth_id: 'a',
  auth_name: 'shop_new',
  auth_type: 'unlimited',
  auth_count: null,
  start_date: null,
  end_date: null,
  is_cancelled: false,
  ...over,
});
const holding = (over: Partial<HoldingRow> = {}): HoldingRow => ({
  user_auth_id: 'h',
  user_id: 'u',
  can_assign_auth: true,
  auth_count: null,
  use_limit: null,
  start_date: null,
  end_date: null,
  is_cancelled: false,
  parent_user_auth_id: null,
  ...over,
});
const key = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return (e as { key: string }).key;
  }
  return 'ok';
};

describe('validity', () => {
  it('treats open bounds as open and closed ones inclusively', () => {
    expect(withinDates(TODAY, null, null)).toBe(true);
    expect(withinDates(TODAY, TODAY, TODAY)).toBe(true);
    expect(withinDates(TODAY, '2025-06-16', null)).toBe(false);
    expect(withinDates(TODAY, null, '2025-06-14')).toBe(false);
  });

  it('needs the holding and the authorization both uncancelled and in date', () => {
    expect(isValidOn(holding(), auth(), TODAY)).toBe(true);
    expect(isValidOn(holding({ is_cancelled: true }), auth(), TODAY)).toBe(false);
    expect(isValidOn(holding(), auth({ is_cancelled: true }), TODAY)).toBe(false);
    expect(isValidOn(holding({ end_date: '2025-06-14' }), auth(), TODAY)).toBe(false);
    expect(isValidOn(holding(), auth({ start_date: '2025-07-01' }), TODAY)).toBe(false);
  });

  it('gives a holder the pool of a counted authorization, capped by their own limit', () => {
    expect(usesLeft(auth(), holding())).toBeNull();
    expect(usesLeft(auth(), holding({ use_limit: 2 }))).toBe(2);
    expect(usesLeft(auth({ auth_type: 'counted', auth_count: 5 }), holding())).toBe(5);
    expect(usesLeft(auth({ auth_type: 'counted', auth_count: 5 }), holding({ use_limit: 2 }))).toBe(2);
    expect(usesLeft(auth({ auth_type: 'counted', auth_count: 1 }), holding({ use_limit: 2 }))).toBe(1);
  });
});

describe('authorization/new', () => {
  it('plans the authorization and the creator\'s assignable holding', () => {
    expect(planNewAuthorization({ auth_type: 'counted', auth_count: 3, auth_count_create: 2, end_date: '2026-01-01' })).toEqual({
      authorization: { auth_type: 'counted', auth_count: 3, start_date: null, end_date: '2026-01-01' },
      holding: { can_assign_auth: true, auth_count: 2, use_limit: null, start_date: null, end_date: '2026-01-01' },
    });
    expect(planNewAuthorization({ auth_type: 'unlimited' }).holding.auth_count).toBeNull();
  });

  it('refuses a counted one without uses, an unlimited one with uses, and reversed dates', () => {
    expect(key(() => planNewAuthorization({ auth_type: 'counted' }))).toBe('invalid_input');
    expect(key(() => planNewAuthorization({ auth_type: 'unlimited', auth_count: 1 }))).toBe('invalid_input');
    expect(key(() => planNewAuthorization({ auth_type: 'unlimited', start_date: '2025-02-01', end_date: '2025-01-01' }))).toBe('invalid_input');
  });
});

describe('assignment', () => {
  it('needs a valid holding with can_assign_auth', () => {
    expect(key(() => planAssignment(auth(), undefined, { auth_type: 'unlimited' }, TODAY))).toBe('forbidden');
    expect(key(() => planAssignment(auth(), holding({ can_assign_auth: false }), { auth_type: 'unlimited' }, TODAY))).toBe('forbidden');
    expect(key(() => planAssignment(auth(), holding({ end_date: '2025-01-01' }), { auth_type: 'unlimited' }, TODAY))).toBe('forbidden');
    expect(key(() => planAssignment(auth({ is_cancelled: true }), holding(), { auth_type: 'unlimited' }, TODAY))).toBe('forbidden');
  });

  it('charges 1 + the receiver\'s count, and refuses what the count cannot pay', () => {
    expect(planAssignment(auth(), holding({ auth_count: 3 }), { auth_type: 'unlimited', can_assign_auth: true, auth_count_create: 2 }, TODAY).assignerCountAfter).toBe(0);
    expect(key(() => planAssignment(auth(), holding({ auth_count: 2 }), { auth_type: 'unlimited', can_assign_auth: true, auth_count_create: 2 }, TODAY))).toBe(
      'authorization_amount',
    );
    expect(key(() => planAssignment(auth(), holding({ auth_count: 0 }), { auth_type: 'unlimited' }, TODAY))).toBe('authorization_amount');
    expect(planAssignment(auth(), holding(), { auth_type: 'unlimited', can_assign_auth: true, auth_count_create: 50 }, TODAY).assignerCountAfter).toBeNull();
  });

  it('gives the receiver a count only with can_assign_auth, unlimited only under an unlimited assigner', () => {
    expect(planAssignment(auth(), holding(), { auth_type: 'unlimited', auth_count_create: 4 }, TODAY).holding).toMatchObject({ can_assign_auth: false, auth_count: 0 });
    expect(planAssignment(auth(), holding(), { auth_type: 'unlimited', can_assign_auth: true }, TODAY).holding.auth_count).toBeNull();
    expect(planAssignment(auth(), holding({ auth_count: 5 }), { auth_type: 'unlimited', can_assign_auth: true }, TODAY).holding.auth_count).toBe(0);
  });

  it('keeps counted uses within the assigner\'s and the type counted under a counted authorization', () => {
    const counted = auth({ auth_type: 'counted', auth_count: 4 });
    expect(planAssignment(counted, holding(), { auth_type: 'counted', auth_count: 4 }, TODAY).holding.use_limit).toBe(4);
    expect(key(() => planAssignment(counted, holding(), { auth_type: 'counted', auth_count: 5 }, TODAY))).toBe('authorization_amount');
    expect(key(() => planAssignment(counted, holding({ use_limit: 1 }), { auth_type: 'counted', auth_count: 2 }, TODAY))).toBe('authorization_amount');
    expect(key(() => planAssignment(counted, holding(), { auth_type: 'unlimited' }, TODAY))).toBe('invalid_input');
    expect(key(() => planAssignment(auth(), holding({ use_limit: 3 }), { auth_type: 'unlimited' }, TODAY))).toBe('invalid_input');
    expect(key(() => planAssignment(counted, holding(), { auth_type: 'counted' }, TODAY))).toBe('invalid_input');
    expect(planAssignment(auth(), holding(), { auth_type: 'counted', auth_count: 9 }, TODAY).holding.use_limit).toBe(9);
  });

  it('keeps dates inside the assigner\'s window (holding and authorization), inheriting absent bounds', () => {
    const h = holding({ start_date: '2025-01-01', end_date: '2025-12-31' });
    const a = auth({ end_date: '2025-10-31' });
    expect(planAssignment(a, h, { auth_type: 'unlimited' }, TODAY).holding).toMatchObject({ start_date: '2025-01-01', end_date: '2025-10-31' });
    expect(planAssignment(a, h, { auth_type: 'unlimited', start_date: '2025-03-01', end_date: '2025-04-01' }, TODAY).holding).toMatchObject({
      start_date: '2025-03-01',
      end_date: '2025-04-01',
    });
    expect(key(() => planAssignment(a, h, { auth_type: 'unlimited', end_date: '2025-11-01' }, TODAY))).toBe('invalid_input');
    expect(key(() => planAssignment(a, h, { auth_type: 'unlimited', start_date: '2024-12-31' }, TODAY))).toBe('invalid_input');
    expect(key(() => planAssignment(a, h, { auth_type: 'unlimited', start_date: '2025-05-01', end_date: '2025-04-01' }, TODAY))).toBe('invalid_input');
  });
});

describe('cancel', () => {
  it('admits the admin and the assigner, never the holder themself', () => {
    expect(mayCancel({ userId: 'boss', isAdmin: true }, { user_id: 'x', assigned_by: 'y' })).toBe(true);
    expect(mayCancel({ userId: 'y', isAdmin: false }, { user_id: 'x', assigned_by: 'y' })).toBe(true);
    expect(mayCancel({ userId: 'z', isAdmin: false }, { user_id: 'x', assigned_by: 'y' })).toBe(false);
    expect(mayCancel({ userId: 'x', isAdmin: true }, { user_id: 'x', assigned_by: null })).toBe(false);
  });

  it('returns 1 + the unused count to a limited assigner, nothing to an unlimited one', () => {
    expect(refundOnCancel({ auth_count: 2 }, { auth_count: 0 })).toBe(3);
    expect(refundOnCancel({ auth_count: null }, { auth_count: 4 })).toBe(5);
    expect(refundOnCancel({ auth_count: 2 }, { auth_count: null })).toBeNull();
    expect(refundOnCancel({ auth_count: 2 }, undefined)).toBeNull();
  });
});

// One way to ask who is calling: requireUser for routes that need a signed-in user, optionalUser where a visitor
// may go on.
import { describe, expect, it } from 'vitest';
import { optionalUser, requireUser, type Caller } from '../../server/auth/caller.ts';
import { ApiError } from '../../server/http/api-error.ts';

const user: Caller = { kind: 'user', userId: 'u1', username: 'ayse', authCodes: ['shop_admin'], familyId: 'f1' };

describe('the signed-in caller', () => {
  it('a user is answered with their id, name, codes and whether they are an administrator', () => {
    expect(requireUser({ caller: user })).toEqual({ userId: 'u1', username: 'ayse', authCodes: ['shop_admin'], familyId: 'f1', isAdmin: false });
    expect(requireUser({ caller: { ...user, authCodes: ['admin'] } }).isAdmin).toBe(true);
  });

  it.each<Caller>([{ kind: 'anonymous' }, { kind: 'fkey', keyName: 'kiosk', scopes: [] }])('%o is asked to sign in, or is nobody where visitors may go on', (caller) => {
    expect(optionalUser({ caller })).toBeUndefined();
    expect(() => requireUser({ caller })).toThrow(ApiError);
    try {
      requireUser({ caller });
    } catch (e) {
      expect((e as ApiError).key).toBe('login_required');
    }
  });
});

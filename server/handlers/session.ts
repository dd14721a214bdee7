// Logging in and out: the captcha, /oauth/token (password, refresh token, external-application access key),
// the login check, the session check and logout. Request bodies of these calls are never logged.
import type { HandlerSet } from './types.ts';
import type { RequestContext } from '../http/context.ts';
import { ApiError } from '../http/api-error.ts';
import { writeAudit } from '../http/audit.ts';
import { credentialOf, optionalUser, requireUser } from '../auth/caller.ts';
import { checkCaptcha, createCaptcha } from '../auth/captcha.ts';
import { assertNotLocked, consume, hitAll, type LimitKey } from '../auth/login-limit.ts';
import { countLoginFailure, loginSucceeded, openLoginGate } from '../auth/login-guard.ts';
import { checkPassword, hashPassword } from '../auth/password.ts';
import { familyOfToken, issueSession, revokeFamily, rotateRefreshToken, type TokenAnswer } from '../auth/tokens.ts';
import { userOfAccessKeyToken } from '../auth/access-keys.ts';
import { accountOf, loadUser, loginAccount, registrationStatusOfActiveUser, upgradePasswordHash } from '../services/accounts.ts';
import enums from '../../schemas/enums.json' with { type: 'json' };
import type { AuthCode } from '../../src/generated/types/entities.ts';
import type { OauthTokenRequest } from '../../src/generated/types/routes.ts';

const AUTH_CODES = new Set<string>(enums.$defs.auth_code.enum);

/** The caller's auth codes that the contract knows (the answer's enumeration). */
const authCodeList = (codes: string[]): AuthCode[] => [...new Set(codes)].filter((c) => AUTH_CODES.has(c)).sort() as AuthCode[];

/**
 * A hash made at a lower cost than today's is replaced once its password is proven: at the login, in the same
 * request. A failure to store it is logged and the login goes on (the old hash still verifies).
 */
async function upgradeHash(ctx: RequestContext, userId: string, password: string, oldHash: string): Promise<void> {
  try {
    const hash = await hashPassword(password);
    // Only over the hash just verified: a password changed meanwhile (a reset) is not overwritten.
    await upgradePasswordHash(ctx.db, userId, hash, oldHash);
  } catch (err) {
    ctx.log.warn({ user_id: userId, error: (err as Error).message }, 'password hash not upgraded');
  }
}

async function passwordGrant(input: OauthTokenRequest & { username: string; password: string }, ctx: RequestContext): Promise<TokenAnswer> {
  const { db, tenant } = ctx;
  const rt = ctx.services.accounts;
  const gate = await openLoginGate(ctx, input.username);
  if (rt.captchaRequired && !(input.captcha_id && input.captcha_code && (await checkCaptcha(db, tenant.tenant_id, input.captcha_id, input.captcha_code))))
    throw new ApiError('captcha_incorrect');

  const user = await loginAccount(db, tenant.tenant_id, input.username);
  // A wrong username costs as much time as a wrong password (checkPassword answers false after as long).
  const password = await checkPassword(input.password, user?.password_hash);
  if (!user || !password.ok || !user.is_active || user.registration_status === 'not_accepted') {
    await countLoginFailure(ctx, input.username, gate);
    throw new ApiError('login_failed');
  }
  // Said only to someone who knows the password.
  if (user.registration_status !== 'completed') throw new ApiError('registration_not_approved');

  // Through an external application: its access key token must be this same user's.
  let accessKeyClientId: string | undefined;
  if (input.externalapplication_key !== undefined || input.access_key_token !== undefined) {
    const owner =
      input.externalapplication_key && input.access_key_token
        ? await userOfAccessKeyToken(db, tenant.tenant_id, input.externalapplication_key, input.access_key_token)
        : undefined;
    if (!owner || owner.user_id !== user.user_id) {
      await countLoginFailure(ctx, input.username, gate);
      throw new ApiError('login_failed');
    }
    accessKeyClientId = owner.access_key_client_id;
  }

  if (password.outdated && user.password_hash) await upgradeHash(ctx, user.user_id, input.password, user.password_hash);
  await loginSucceeded(ctx, input.username, user.user_id);
  ctx.audit.record_id = user.user_id;
  return ctx.transaction((tx) =>
    issueSession(tx, { tenantId: tenant.tenant_id, userId: user.user_id, ...(input.scope ? { scope: input.scope } : {}), ...(accessKeyClientId ? { accessKeyClientId } : {}) }),
  );
}

async function accessKeyGrant(input: OauthTokenRequest & { externalapplication_key: string; access_key_token: string }, ctx: RequestContext): Promise<TokenAnswer> {
  const { db, tenant } = ctx;
  const failures: LimitKey[] = [['login_address', ctx.ip]];
  await assertNotLocked(db, tenant.tenant_id, failures);
  const owner = await userOfAccessKeyToken(db, tenant.tenant_id, input.externalapplication_key, input.access_key_token);
  const registrationStatus = owner ? await registrationStatusOfActiveUser(db, tenant.tenant_id, owner.user_id) : undefined;
  if (!owner || registrationStatus !== 'completed') {
    await hitAll(db, tenant.tenant_id, failures);
    throw new ApiError('login_failed');
  }
  ctx.audit.record_id = owner.user_id;
  return ctx.transaction((tx) =>
    issueSession(tx, { tenantId: tenant.tenant_id, userId: owner.user_id, accessKeyClientId: owner.access_key_client_id, ...(input.scope ? { scope: input.scope } : {}) }),
  );
}

/** The signed-in user and the auth codes they hold now (login check and session check). */
async function signedInUser(ctx: RequestContext) {
  const me = requireUser(ctx);
  const row = await loadUser(ctx.db, ctx.tenant.tenant_id, me.userId);
  if (!row) throw new ApiError('session_ended');
  return { user: accountOf(row), auth_code_list: authCodeList(me.authCodes) };
}

export const sessionHandlers: HandlerSet = {
  captcha_new: async (_input, ctx) => {
    const rt = ctx.services.accounts;
    await consume(ctx.db, ctx.tenant.tenant_id, 'captcha_address', ctx.ip);
    const challenge = await createCaptcha(ctx.db, ctx.tenant.tenant_id, rt.newCaptchaCode());
    return { ...challenge, required: rt.captchaRequired };
  },

  oauth_token: async (input, ctx) => {
    // client_id and client_secret are the clinical client's public constants: accepted, not credentials.
    if (input.grant_type === 'refresh_token') {
      if (!input.refresh_token) throw new ApiError('required_fields');
      return rotateRefreshToken(ctx.db, ctx.tenant, input.refresh_token);
    }
    if (input.username !== undefined && input.password !== undefined)
      return passwordGrant(input as OauthTokenRequest & { username: string; password: string }, ctx);
    if (input.externalapplication_key !== undefined && input.access_key_token !== undefined)
      return accessKeyGrant(input as OauthTokenRequest & { externalapplication_key: string; access_key_token: string }, ctx);
    throw new ApiError('required_fields');
  },

  login: async (_input, ctx) => {
    const answer = await signedInUser(ctx);
    // The login check is a read call (not audited by the route), but a login belongs in the audit trail.
    await writeAudit(
      ctx.db,
      {
        tenantId: ctx.tenant.tenant_id,
        caller: ctx.caller,
        routeName: 'login',
        statusCode: '10000',
        ip: ctx.ip,
        userAgent: ctx.userAgent,
        durationMs: 0,
        target: { entity: 'user', record_id: answer.user.user_client_id },
        input: {},
      },
      ctx.log,
    );
    return answer;
  },

  user_user_controller: async (_input, ctx) => signedInUser(ctx),

  logout: async (input, ctx) => {
    // Always succeeds: the header's login (even an expired one) and the refresh token's login end.
    const families = new Set<string>();
    const familyId = optionalUser(ctx)?.familyId;
    if (familyId) families.add(familyId);
    const credential = credentialOf(ctx.authorization);
    if (credential?.scheme === 'bearer') {
      const family = await familyOfToken(ctx.db, ctx.tenant.tenant_id, credential.secret);
      if (family) families.add(family);
    }
    if (input.refresh_token) {
      const family = await familyOfToken(ctx.db, ctx.tenant.tenant_id, input.refresh_token);
      if (family) families.add(family);
    }
    for (const family of families) await revokeFamily(ctx.db, family);
    return {};
  },
};

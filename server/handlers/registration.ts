// Registration and everything a mailed code completes: /register, its approval by link or typed code, the
// password reset and its approval, and registration by an authorized person. Field rules come from the
// schemas (answered with spec section 5's messages, server/http/spec-errors.ts); codes are 6 digits, hashed,
// used once, and wrong codes are rate-limited per user or address and per caller address.
import type { HandlerSet } from './types.ts';
import type { RequestContext } from '../http/context.ts';
import { ApiError, statusMessage, type Lang } from '../http/api-error.ts';
import { activeAuthCodes, requireUser } from '../auth/caller.ts';
import { assertNotLocked, consume, hit, hitAll, isLocked, type LimitKey } from '../auth/login-limit.ts';
import { passwordWasReset } from '../auth/login-guard.ts';
import { hashPassword } from '../auth/password.ts';
import { assertHardToGuess } from '../auth/password-strength.ts';
import { issueSession, revokeUserSessions } from '../auth/tokens.ts';
import { queueMail } from '../mail/outbox.ts';
import { accountCreatedMail, passwordResetMail, registrationMail, type MailLang } from '../mail/templates.ts';
import {
  CODE_SECONDS,
  activeUserById,
  activeUserByMail,
  checkMailCode,
  completeRegistration,
  createMailCode,
  eligibility,
  insertUser,
  langValueOf,
  refuseRegistration,
  setPassword,
  siteOf,
  useMailCode,
  waitingUserById,
  waitingUserByMail,
} from '../services/accounts.ts';
import { isUniqueViolation, type Queryable } from '../db/adapter.ts';
import { registrationApplicationId } from '../services/external-application-store.ts';
import type { Gender } from '../../src/generated/types/entities.ts';

/** The new account's profile fields, as both registration routes receive them. */
const profileOf = (input: { username: string; mail: string; firstname: string; lastname: string; gender: Gender; date_of_birth?: string }) => ({
  username: input.username,
  mail: input.mail,
  firstname: input.firstname,
  lastname: input.lastname,
  gender: input.gender,
  dateOfBirth: input.date_of_birth,
});

/** Passwords of accounts holding the admin auth need 16 characters (decision: the stricter rule for the most powerful accounts). */
export const ADMIN_PASSWORD_MIN = 16;

type Flags = { is_username_eligible: boolean; is_email_eligible: boolean };

/**
 * Not eligible: nothing was created; the answer says which (11016 before 11017) and carries both flags, and
 * each refused field in `errors` like any field error.
 */
function notEligible(flags: Flags, lang: Lang): ApiError {
  const errors = [
    ...(flags.is_username_eligible ? [] : [{ field: 'username', message: statusMessage('username_not_eligible', lang) }]),
    ...(flags.is_email_eligible ? [] : [{ field: 'mail', message: statusMessage('mail_not_eligible', lang) }]),
  ];
  return new ApiError(flags.is_username_eligible ? 'mail_not_eligible' : 'username_not_eligible', {}, { ...flags, errors });
}

/** Creates the account in one transaction with its code and mail, or answers the eligibility flags. */
async function createAccount<T>(ctx: RequestContext, username: string, mail: string, create: (tx: Queryable) => Promise<T>): Promise<T> {
  let outcome: { flags: Flags; created?: T };
  try {
    outcome = await ctx.transaction(async (tx) => {
      const flags = await eligibility(tx, ctx.tenant.tenant_id, username, mail);
      if (!flags.is_username_eligible || !flags.is_email_eligible) return { flags };
      return { flags, created: await create(tx) };
    });
  } catch (e) {
    // Two registrations of the same name or address at once: the second loses to the unique index.
    if (!isUniqueViolation(e)) throw e;
    outcome = { flags: await eligibility(ctx.db, ctx.tenant.tenant_id, username, mail) };
    if (outcome.flags.is_username_eligible && outcome.flags.is_email_eligible) throw e;
  }
  if (outcome.created === undefined) throw notEligible(outcome.flags, ctx.lang);
  return outcome.created;
}

const approvalKeys = (ctx: RequestContext, target: string): LimitKey[] => [
  ['code_target', target],
  ['code_address', ctx.ip],
];

/** Completes a waiting registration with its code (the link's user_id or the typed mail). */
async function approveRegistration(ctx: RequestContext, userId: string | undefined, code: string, keys: LimitKey[]) {
  const { db, tenant } = ctx;
  if (!userId) {
    await hitAll(db, tenant.tenant_id, keys);
    throw new ApiError('approval_code_invalid');
  }
  const check = await checkMailCode(db, { tenantId: tenant.tenant_id, userId, purpose: 'register', code });
  if (check.result === 'expired') {
    await refuseRegistration(db, userId);
    throw new ApiError('approval_code_invalid');
  }
  if (check.result !== 'ok') {
    await hitAll(db, tenant.tenant_id, keys);
    throw new ApiError('approval_code_invalid');
  }
  const approvedAt = await ctx.transaction(async (tx) => {
    if (!(await useMailCode(tx, check.mailId))) return undefined;
    return completeRegistration(tx, tenant.tenant_id, userId);
  });
  if (!approvedAt) throw new ApiError('approval_code_invalid');
  return { user_id: userId, registration_status: 'completed' as const, mail_approve_date: new Date(approvedAt).toISOString() };
}

export const registrationHandlers: HandlerSet = {
  register: async (input, ctx) => {
    const { db, tenant } = ctx;
    if (tenant.frontend.login_function !== 1 || tenant.frontend.login_function_external === 1) throw new ApiError('registration_closed');
    await consume(db, tenant.tenant_id, 'register_address', ctx.ip);
    let application: string | undefined;
    if (input.externalapplication_key !== undefined) {
      application = await registrationApplicationId(db, tenant.tenant_id, input.externalapplication_key);
      if (!application) throw new ApiError('registration_error');
    }
    const lang = input.active_lang?.value ?? langValueOf(ctx.lang);
    const rt = ctx.services.accounts;
    await assertHardToGuess(input.password, { ...input, siteName: siteOf(tenant, rt.linkOrigin).name }, ctx.lang);
    const passwordHash = await hashPassword(input.password);
    const created = await createAccount(ctx, input.username, input.mail, async (tx) => {
      const userId = await insertUser(tx, {
        tenantId: tenant.tenant_id,
        ...profileOf(input),
        activeLang: lang,
        passwordHash,
        status: 'approve_waiting',
        agreementsApproved: input.agreements_approved,
        application,
      });
      const { mailId, code } = await createMailCode(tx, { tenantId: tenant.tenant_id, userId, purpose: 'register', mail: input.mail, seconds: CODE_SECONDS.register });
      const outboxId = await queueMail(tx, {
        tenantId: tenant.tenant_id,
        userId,
        purpose: 'register',
        ...registrationMail(siteOf(tenant, rt.linkOrigin), lang, { mail: input.mail, firstname: input.firstname, userId }, code),
      });
      return { userId, mailId, outboxId };
    });
    rt.deliver(db, [created.outboxId], ctx.log);
    return { is_email_eligible: true, is_username_eligible: true, new_user_id: created.userId, new_mail_id: created.mailId };
  },

  register_mail_approve: async ({ user_id, mail_approve_token }, ctx) => {
    const keys = approvalKeys(ctx, `user:${user_id}`);
    await assertNotLocked(ctx.db, ctx.tenant.tenant_id, keys);
    return approveRegistration(ctx, await waitingUserById(ctx.db, ctx.tenant.tenant_id, user_id), mail_approve_token, keys);
  },

  mail_verify: async ({ mail, mail_approve_token }, ctx) => {
    const keys = approvalKeys(ctx, `mail:${mail.toLowerCase()}`);
    await assertNotLocked(ctx.db, ctx.tenant.tenant_id, keys);
    return approveRegistration(ctx, await waitingUserByMail(ctx.db, ctx.tenant.tenant_id, mail), mail_approve_token, keys);
  },

  password_reset_by_mail: async ({ mail }, ctx) => {
    const { db, tenant } = ctx;
    await consume(db, tenant.tenant_id, 'reset_address', ctx.ip);
    // The same work and the same answer whether or not the address is known: nothing to probe.
    const mailKey = mail.toLowerCase();
    const tooMany = await isLocked(db, tenant.tenant_id, 'reset_mail', mailKey);
    if (!tooMany) await hit(db, tenant.tenant_id, 'reset_mail', mailKey);
    const user = await activeUserByMail(db, tenant.tenant_id, mail);
    if (user && !tooMany) {
      const rt = ctx.services.accounts;
      const outboxId = await ctx.transaction(async (tx) => {
        const { code } = await createMailCode(tx, { tenantId: tenant.tenant_id, userId: user.user_id, purpose: 'password_reset', mail: user.mail, seconds: CODE_SECONDS.password_reset });
        return queueMail(tx, {
          tenantId: tenant.tenant_id,
          userId: user.user_id,
          purpose: 'password_reset',
          ...passwordResetMail(siteOf(tenant, rt.linkOrigin), user.active_lang === 1 ? 1 : 0, { mail: user.mail, username: user.username, userId: user.user_id }, code),
        });
      });
      rt.deliver(db, [outboxId], ctx.log);
    }
    return {};
  },

  password_reset_by_mail_approve: async ({ user_id, mail_password_reset_token, password }, ctx) => {
    const { db, tenant } = ctx;
    const keys = approvalKeys(ctx, `user:${user_id}`);
    await assertNotLocked(db, tenant.tenant_id, keys);
    const user = await activeUserById(db, tenant.tenant_id, user_id);
    const check = user ? await checkMailCode(db, { tenantId: tenant.tenant_id, userId: user.user_id, purpose: 'password_reset', code: mail_password_reset_token }) : undefined;
    if (!user || check?.result !== 'ok') {
      if (check?.result !== 'expired') await hitAll(db, tenant.tenant_id, keys);
      throw new ApiError('approval_code_invalid');
    }
    // Checked before the code is used up, so the person can try again with a longer password.
    if ([...password].length < ADMIN_PASSWORD_MIN && (await activeAuthCodes(db, tenant.tenant_id, user.user_id)).includes('admin'))
      throw new ApiError('password_min_16');
    await assertHardToGuess(password, { ...user, siteName: siteOf(tenant, ctx.services.accounts.linkOrigin).name }, ctx.lang);
    const passwordHash = await hashPassword(password);
    const tokens = await ctx.transaction(async (tx) => {
      if (!(await useMailCode(tx, check.mailId))) return undefined;
      await setPassword(tx, user.user_id, passwordHash);
      // Whoever else held a session (perhaps the reason for the reset) is logged out.
      await revokeUserSessions(tx, tenant.tenant_id, user.user_id);
      return issueSession(tx, { tenantId: tenant.tenant_id, userId: user.user_id });
    });
    if (!tokens) throw new ApiError('approval_code_invalid');
    await passwordWasReset(ctx, user.username, user.user_id);
    return tokens;
  },

  register_by_authorized_person: async (input, ctx) => {
    const { db, tenant } = ctx;
    const me = requireUser(ctx);
    const lang: MailLang = input.active_lang?.value ?? (tenant.frontend.default_language === 1 ? 1 : 0);
    const rt = ctx.services.accounts;
    // The caller's language: the authorized person chose it and reads the refusal.
    if (input.password !== undefined) await assertHardToGuess(input.password, { ...input, siteName: siteOf(tenant, rt.linkOrigin).name }, ctx.lang);
    const passwordHash = input.password === undefined ? null : await hashPassword(input.password);
    const created = await createAccount(ctx, input.username, input.mail, async (tx) => {
      const userId = await insertUser(tx, {
        tenantId: tenant.tenant_id,
        ...profileOf(input),
        activeLang: lang,
        passwordHash,
        status: 'completed',
        agreementsApproved: false,
        registeredBy: me.userId,
      });
      const code = passwordHash
        ? undefined
        : await createMailCode(tx, { tenantId: tenant.tenant_id, userId, purpose: 'password_reset', mail: input.mail, seconds: CODE_SECONDS.first_password });
      const outboxId = await queueMail(tx, {
        tenantId: tenant.tenant_id,
        userId,
        purpose: 'account_created',
        ...accountCreatedMail(siteOf(tenant, rt.linkOrigin), lang, { mail: input.mail, firstname: input.firstname, username: input.username, userId }, me.username, code?.code),
      });
      return { userId, mailId: code?.mailId, outboxId };
    });
    rt.deliver(db, [created.outboxId], ctx.log);
    return { is_email_eligible: true, is_username_eligible: true, new_user_id: created.userId, ...(created.mailId ? { new_mail_id: created.mailId } : {}) };
  },
};

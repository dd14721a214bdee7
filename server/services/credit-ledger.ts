// Credits as an append-only ledger (credit_entry, migration 0016): grants from activated products, spends
// (the data-analysis work spends through here), refunds. A user's balance is their newest entry's
// balance_after, computed under a lock on their credit_account row, so concurrent changes of one balance
// queue and the balance stays exact; nothing is ever updated in place. Every change runs in the caller's
// transaction, with the write it pays for.
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/adapter.ts';
import type { Credit, CreditReason } from '../../src/generated/types/entities.ts';
import { ApiError } from '../http/api-error.ts';
import { isoOf } from './paging.ts';

export interface CreditChange {
  reason: CreditReason;
  proClientId?: string;
  shopcartBundleClientId?: string;
  projectId?: string;
  description?: string;
}

/**
 * Locks the user's balance for this transaction and answers it. The balance is read in a statement after the
 * lock is granted: a statement that waited for the lock would still see the entries of its own start.
 */
async function lockedBalance(tx: Queryable, tenantId: string, userId: string): Promise<number> {
  await tx.query('insert into credit_account (tenant_id, user_id) values ($1, $2) on conflict do nothing', [tenantId, userId]);
  await tx.query('select 1 from credit_account where tenant_id = $1 and user_id = $2 for update', [tenantId, userId]);
  return creditBalance(tx, tenantId, userId);
}

async function append(tx: Queryable, tenantId: string, userId: string, change: number, after: number, c: CreditChange): Promise<number> {
  await tx.query(
    `insert into credit_entry (credit_client_id, tenant_id, user_id, credit_change, balance_after, credit_reason, project_id, pro_client_id,
                               shopcart_bundle_client_id, description)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [randomUUID(), tenantId, userId, change, after, c.reason, c.projectId ?? null, c.proClientId ?? null, c.shopcartBundleClientId ?? null, c.description ?? null],
  );
  return after;
}

/** Adds credits; answers the new balance. */
export async function grantCredits(tx: Queryable, tenantId: string, userId: string, amount: number, c: CreditChange): Promise<number> {
  const balance = await lockedBalance(tx, tenantId, userId);
  return amount > 0 ? append(tx, tenantId, userId, amount, balance + amount, c) : balance;
}

/** Spends credits; without enough, "You don't have enough credit!" and nothing changes. Answers the new balance. */
export async function spendCredits(tx: Queryable, tenantId: string, userId: string, amount: number, c: CreditChange): Promise<number> {
  const balance = await lockedBalance(tx, tenantId, userId);
  if (amount > balance) throw new ApiError('not_enough_credit');
  return amount > 0 ? append(tx, tenantId, userId, -amount, balance - amount, c) : balance;
}

/**
 * Takes back up to `amount` credits a refunded product granted; what was already spent stays spent (the
 * balance never goes below zero). Answers the new balance.
 */
export async function withdrawCredits(tx: Queryable, tenantId: string, userId: string, amount: number, c: CreditChange): Promise<number> {
  const balance = await lockedBalance(tx, tenantId, userId);
  const taken = Math.min(amount, balance);
  return taken > 0 ? append(tx, tenantId, userId, -taken, balance - taken, c) : balance;
}

/** The user's balance now. */
export async function creditBalance(db: Queryable, tenantId: string, userId: string): Promise<number> {
  const [row] = await db.query<{ balance: number }>(
    'select balance_after as balance from credit_entry where tenant_id = $1 and user_id = $2 order by credit_seq desc limit 1',
    [tenantId, userId],
  );
  return row ? Number(row.balance) : 0;
}

/** The user's newest ledger entries, newest first, as the contract's Credit. */
export async function latestCreditEntries(db: Queryable, tenantId: string, userId: string, count: number): Promise<Credit[]> {
  if (count <= 0) return [];
  const rows = await db.query<{
    credit_client_id: string;
    credit_change: number;
    balance_after: number;
    credit_reason: CreditReason;
    project_id: string | null;
    pro_client_id: string | null;
    description: string | null;
    created_at: unknown;
  }>(
    `select credit_client_id, credit_change, balance_after, credit_reason, project_id, pro_client_id, description, created_at
       from credit_entry where tenant_id = $1 and user_id = $2 order by credit_seq desc limit $3`,
    [tenantId, userId, count],
  );
  return rows.map((r) => ({
    credit_client_id: r.credit_client_id,
    user_client_id: userId,
    credit_change: Number(r.credit_change),
    balance_after: Number(r.balance_after),
    credit_reason: r.credit_reason,
    ...(r.project_id ? { project_id: r.project_id } : {}),
    ...(r.pro_client_id ? { pro_client_id: r.pro_client_id } : {}),
    ...(r.description ? { description: r.description } : {}),
    created_at: isoOf(r.created_at)!,
  }));
}

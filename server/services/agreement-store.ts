// Agreements of bundles and of bundle products (server/db/migrations/0006_shop.sql) as the contract's
// records. A version number goes up whenever what a buyer approves changes (name, text, approve_required).
import type { Queryable } from '../db/adapter.ts';
import type { Agreement, ProductAgreement } from '../../src/generated/types/entities.ts';

export const AGREEMENT_SELECT = `select a.agreement_client_id, a.shop_client_id, a.bundle_client_id, a.agreement_name, a.agreement_text,
  a.approve_required, a.agreement_version, a.agreement_status from agreement a`;

export const PRODUCT_AGREEMENT_SELECT = `select a.product_agreement_client_id, a.pro_client_id, a.shop_client_id, a.bundle_client_id, a.agreement_name,
  a.agreement_text, a.approve_required, a.agreement_version, a.agreement_status from product_agreement a`;

export const agreementAnswer = (r: Record<string, unknown>): Agreement => r as unknown as Agreement;
export const productAgreementAnswer = (r: Record<string, unknown>): ProductAgreement => r as unknown as ProductAgreement;

/** A bundle's agreements, oldest first; `activeOnly` for visitors. */
export async function agreementsOfBundle(db: Queryable, tenantId: string, bundleId: string, options: { activeOnly: boolean }): Promise<Agreement[]> {
  const rows = await db.query(
    `${AGREEMENT_SELECT} where a.bundle_client_id = $1 and a.tenant_id = $2 ${options.activeOnly ? "and a.agreement_status = 'active'" : ''}
      order by a.created_at, a.agreement_client_id`,
    [bundleId, tenantId],
  );
  return rows.map(agreementAnswer);
}

/** The agreements of a bundle's products (of one product with `proId`), oldest first. */
export async function productAgreementsOfBundle(
  db: Queryable,
  tenantId: string,
  bundleId: string,
  options: { activeOnly: boolean; proId?: string },
): Promise<ProductAgreement[]> {
  const rows = await db.query(
    `${PRODUCT_AGREEMENT_SELECT} where a.bundle_client_id = $1 and a.tenant_id = $2 ${options.activeOnly ? "and a.agreement_status = 'active'" : ''}
        and ($3::uuid is null or a.pro_client_id = $3)
      order by a.pro_client_id, a.created_at, a.product_agreement_client_id`,
    [bundleId, tenantId, options.proId ?? null],
  );
  return rows.map(productAgreementAnswer);
}

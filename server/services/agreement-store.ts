// Agreements of bundles and of bundle products (server/db/migrations/0006_shop.sql) as the contract's
// records. A version number goes up whenever what a buyer approves changes (name, text, approve_required).
import type { Queryable } from '../db/adapter.ts';
import type { Agreement, ProductAgreement } from '../../src/generated/types/entities.ts';
import { containsPattern, orderBy, pageRows, Where } from './paging.ts';

const AGREEMENT_SELECT = `select a.agreement_client_id, a.shop_client_id, a.bundle_client_id, a.agreement_name, a.agreement_text,
  a.approve_required, a.agreement_version, a.agreement_status from agreement a`;

const PRODUCT_AGREEMENT_SELECT = `select a.product_agreement_client_id, a.pro_client_id, a.shop_client_id, a.bundle_client_id, a.agreement_name,
  a.agreement_text, a.approve_required, a.agreement_version, a.agreement_status from product_agreement a`;

const agreementAnswer = (r: Record<string, unknown>): Agreement => r as unknown as Agreement;
const productAgreementAnswer = (r: Record<string, unknown>): ProductAgreement => r as unknown as ProductAgreement;

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

/** What an agreement form sends (agreement/new and agreement/edit without the ids). */
export interface AgreementFields {
  agreement_name: string;
  agreement_text: string;
  approve_required?: boolean;
  agreement_status?: Agreement['agreement_status'];
}

/** Where an agreement sits: the shop, the bundle and, for a product agreement, the product. */
interface AgreementPlace {
  tenantId: string;
  shopId: string;
  bundleId: string;
}

export async function insertAgreement(tx: Queryable, at: AgreementPlace & { agreementId: string; createdBy: string }, a: AgreementFields): Promise<void> {
  await tx.query(
    `insert into agreement (agreement_client_id, tenant_id, shop_client_id, bundle_client_id, agreement_name, agreement_text, approve_required,
                            agreement_status, created_by)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [at.agreementId, at.tenantId, at.shopId, at.bundleId, a.agreement_name, a.agreement_text, a.approve_required ?? false, a.agreement_status ?? 'active', at.createdBy],
  );
}

/**
 * Replaces the agreement's fields (its version goes up when what a buyer approves changes; an absent status
 * is kept). False when that bundle of that shop has no such agreement.
 */
export async function updateAgreement(tx: Queryable, at: AgreementPlace & { agreementId: string }, a: AgreementFields): Promise<boolean> {
  const updated = await tx.query(
    `update agreement set agreement_version = agreement_version + case when (agreement_name, agreement_text, approve_required) is distinct from ($5, $6, $7) then 1 else 0 end,
            agreement_name = $5, agreement_text = $6, approve_required = $7, agreement_status = coalesce($8, agreement_status), updated_at = now()
      where agreement_client_id = $1 and bundle_client_id = $2 and shop_client_id = $3 and tenant_id = $4 returning agreement_client_id`,
    [at.agreementId, at.bundleId, at.shopId, at.tenantId, a.agreement_name, a.agreement_text, a.approve_required ?? false, a.agreement_status ?? null],
  );
  return updated.length > 0;
}

/** The agreement just written, by its id. */
export async function agreementById(db: Queryable, agreementId: string): Promise<Agreement> {
  const [row] = await db.query(`${AGREEMENT_SELECT} where a.agreement_client_id = $1`, [agreementId]);
  return agreementAnswer(row);
}

/** The agreement when it belongs to that bundle of that shop of the tenant. */
export async function agreementOfBundle(db: Queryable, at: AgreementPlace & { agreementId: string }): Promise<Agreement | undefined> {
  const [row] = await db.query(`${AGREEMENT_SELECT} where a.agreement_client_id = $1 and a.bundle_client_id = $2 and a.shop_client_id = $3 and a.tenant_id = $4`, [
    at.agreementId,
    at.bundleId,
    at.shopId,
    at.tenantId,
  ]);
  return row && agreementAnswer(row);
}

export async function insertProductAgreement(
  tx: Queryable,
  at: AgreementPlace & { proId: string; agreementId: string; createdBy: string },
  a: AgreementFields,
): Promise<void> {
  await tx.query(
    `insert into product_agreement (product_agreement_client_id, tenant_id, shop_client_id, bundle_client_id, pro_client_id, agreement_name,
                                    agreement_text, approve_required, agreement_status, created_by)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      at.agreementId,
      at.tenantId,
      at.shopId,
      at.bundleId,
      at.proId,
      a.agreement_name,
      a.agreement_text,
      a.approve_required ?? false,
      a.agreement_status ?? 'active',
      at.createdBy,
    ],
  );
}

/** As updateAgreement, for an agreement of a product of the bundle. */
export async function updateProductAgreement(tx: Queryable, at: AgreementPlace & { proId: string; agreementId: string }, a: AgreementFields): Promise<boolean> {
  const updated = await tx.query(
    `update product_agreement set agreement_version = agreement_version + case when (agreement_name, agreement_text, approve_required) is distinct from ($6, $7, $8) then 1 else 0 end,
            agreement_name = $6, agreement_text = $7, approve_required = $8, agreement_status = coalesce($9, agreement_status), updated_at = now()
      where product_agreement_client_id = $1 and pro_client_id = $2 and bundle_client_id = $3 and shop_client_id = $4 and tenant_id = $5
      returning product_agreement_client_id`,
    [at.agreementId, at.proId, at.bundleId, at.shopId, at.tenantId, a.agreement_name, a.agreement_text, a.approve_required ?? false, a.agreement_status ?? null],
  );
  return updated.length > 0;
}

/** The product agreement just written, by its id. */
export async function productAgreementById(db: Queryable, agreementId: string): Promise<ProductAgreement> {
  const [row] = await db.query(`${PRODUCT_AGREEMENT_SELECT} where a.product_agreement_client_id = $1`, [agreementId]);
  return productAgreementAnswer(row);
}

/** The product agreement when it belongs to that product of that bundle of that shop of the tenant. */
export async function productAgreementOfProduct(db: Queryable, at: AgreementPlace & { proId: string; agreementId: string }): Promise<ProductAgreement | undefined> {
  const [row] = await db.query(
    `${PRODUCT_AGREEMENT_SELECT} where a.product_agreement_client_id = $1 and a.pro_client_id = $2 and a.bundle_client_id = $3 and a.shop_client_id = $4 and a.tenant_id = $5`,
    [at.agreementId, at.proId, at.bundleId, at.shopId, at.tenantId],
  );
  return row && productAgreementAnswer(row);
}

/** The filters and paging of the agreement lists. */
export interface AgreementListInput {
  agreement_status?: Agreement['agreement_status'];
  search?: string;
  sort?: string;
  page?: number;
  page_size?: number;
}

const SORT = { agreement_name: 'lower(a.agreement_name)', created_at: 'a.created_at' };

/** The list conditions after the agreements' place: active ones only for visitors, then the filters. */
function listConditions(where: Where, options: { activeOnly: boolean }, input: AgreementListInput): Where {
  if (options.activeOnly) where.add("a.agreement_status = 'active'");
  if (input.agreement_status) where.add('a.agreement_status = ?', input.agreement_status);
  if (input.search) where.add("a.agreement_name ilike ? escape '\\'", containsPattern(input.search));
  return where;
}

/** One page of a bundle's agreements. */
export async function listAgreements(db: Queryable, tenantId: string, bundleId: string, options: { activeOnly: boolean }, input: AgreementListInput) {
  const where = listConditions(new Where().add('a.bundle_client_id = ?', bundleId).add('a.tenant_id = ?', tenantId), options, input);
  const order = orderBy(input.sort, 'created_at', SORT, 'a.agreement_client_id');
  const { rows, ...paging } = await pageRows(db, { select: AGREEMENT_SELECT, where, order, paging: input });
  return { rows: rows.map(agreementAnswer), ...paging };
}

/** One page of the agreements of one product of a bundle. */
export async function listProductAgreements(db: Queryable, tenantId: string, bundleId: string, proId: string, options: { activeOnly: boolean }, input: AgreementListInput) {
  const where = listConditions(new Where().add('a.pro_client_id = ?', proId).add('a.bundle_client_id = ?', bundleId).add('a.tenant_id = ?', tenantId), options, input);
  const order = orderBy(input.sort, 'created_at', SORT, 'a.product_agreement_client_id');
  const { rows, ...paging } = await pageRows(db, { select: PRODUCT_AGREEMENT_SELECT, where, order, paging: input });
  return { rows: rows.map(productAgreementAnswer), ...paging };
}

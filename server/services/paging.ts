// Server-side pagination and filters of list calls (docs/decisions.md "What shape do list calls take?"):
// page ≥ 1, page_size 1-100 (default 20), a sort key with a leading - for descending, case-insensitive
// "contains" search. SQL is built from fixed fragments only; every value travels as a parameter.
import type { Queryable, Row } from '../db/adapter.ts';

interface Page {
  page: number;
  page_size: number;
  limit: number;
  offset: number;
}

function pageOf(input: { page?: number; page_size?: number }): Page {
  const page = input.page ?? 1;
  const page_size = input.page_size ?? 20;
  return { page, page_size, limit: page_size, offset: (page - 1) * page_size };
}

/** A LIKE pattern matching `text` anywhere, with %, _ and \ taken literally. */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The ORDER BY of a sort key from a fixed map of columns (unknown keys fall back to the default). */
export function orderBy(sort: string | undefined, fallback: string, columns: Record<string, string>, tieBreak: string): string {
  const key = sort ?? fallback;
  const desc = key.startsWith('-');
  const column = columns[desc ? key.slice(1) : key] ?? columns[fallback.replace(/^-/, '')];
  return `${column} ${desc ? 'desc' : 'asc'} nulls last, ${tieBreak}`;
}

/** Collects WHERE conditions and their parameters: `where.add('x = ?', value)` numbers the placeholder. */
export class Where {
  readonly params: unknown[];
  private readonly parts: string[] = [];
  constructor(initial: unknown[] = []) {
    this.params = [...initial];
  }
  /** Adds a condition; each `?` becomes the next $n with the matching value. */
  add(condition: string, ...values: unknown[]): this {
    let i = 0;
    this.parts.push(condition.replace(/\?/g, () => `$${this.params.length + ++i}`));
    this.params.push(...values);
    return this;
  }
  /** The next placeholder for a value used outside the conditions (limit, offset). */
  param(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }
  toString(): string {
    return this.parts.length ? this.parts.join(' and ') : 'true';
  }
}

/** An ISO string of a timestamp as the database answers it (Date or text). */
export const isoOf = (v: unknown): string | undefined => (v === null || v === undefined ? undefined : new Date(v as string).toISOString());

/**
 * One page of `select … from …` under `where` in `order`, and how many rows there are in all, in one statement
 * (the count rides on every row; a page past the end has no row to carry it, so then the rows are counted
 * alone). Answers the rows and the paging fields of a list answer (total, page, page_size).
 */
export async function pageRows<T extends Row>(
  db: Queryable,
  q: { select: string; where: Where; order: string; paging: { page?: number; page_size?: number } },
): Promise<{ rows: T[]; total: number; page: number; page_size: number }> {
  const { where, order } = q;
  const select = q.select.trim();
  if (!/^select\s/.test(select)) throw new Error('pageRows: the query must start with select');
  const page = pageOf(q.paging);
  const counted = where.params.length;
  const found = await db.query<T & { total_rows: number }>(
    `select count(*) over ()::int as total_rows, ${select.slice('select '.length)} where ${where} order by ${order} limit ${where.param(page.limit)} offset ${where.param(page.offset)}`,
    where.params,
  );
  let total = found[0]?.total_rows ?? 0;
  if (!found.length && page.offset > 0)
    [{ total }] = await db.query<{ total: number }>(`select count(*)::int as total from (${select} where ${where}) listed`, where.params.slice(0, counted));
  return { rows: found.map(({ total_rows: _t, ...row }) => row as unknown as T), total, page: page.page, page_size: page.page_size };
}

// The site search behind /wai/search and the wai_search_iframe page: the site's public analysis projects and
// the caller's own, and the website units the caller may open, ranked together by PostgreSQL full-text search
// (ts_rank over the title, weighted first, and the text), paged in the database. The 'simple' configuration
// with prefix matching works alike on PGlite and PostgreSQL and on Turkish and English text (no stemming of one
// language spoiling the other); dotted and dotless i are one letter, so "ışık", "IŞIK" and "İŞIK" meet.
import type { Queryable } from '../db/adapter.ts';
import type { Lang } from '../../src/domain/language.ts';
import type { WebsiteUnit } from '../../src/generated/types/entities.ts';
import type { WaiSearchResponse } from '../../src/generated/types/routes.ts';
import { pageRows, Where } from './paging.ts';
import { richTextToPlain } from './rich-text.ts';

/** Words of a query searched at most: each is one more condition every candidate is scored on. */
const MAX_WORDS = 10;

/** Lower case the way the database's lower() then translate(…, 'ı', 'i') writes it (I → i, İ → i, ı → i). */
const folded = (text: string): string => text.toLocaleLowerCase('tr').replace(/ı/g, 'i');

/**
 * The query as a tsquery: every word must begin a word of the result ("iri" finds "iris"). Words are letters
 * and digits only, so nothing the caller types is tsquery syntax. Undefined when the query has no word.
 */
export function prefixQuery(query: string): string | undefined {
  const words = [...new Set(folded(query.normalize('NFC')).match(/[\p{L}\p{N}]+/gu) ?? [])].slice(0, MAX_WORDS);
  return words.length ? words.map((w) => `${w}:*`).join(' & ') : undefined;
}

/** A document to search: what a result is called, its text and where it opens. */
export interface SearchDocument {
  title: string;
  body: string;
  url: string;
}

/** The words of a unit a reader sees in this language: its caption and its text or rich text. */
const unitDocuments = new WeakMap<WebsiteUnit, Partial<Record<Lang, SearchDocument>>>();
export function unitDocument(unit: WebsiteUnit, lang: Lang): SearchDocument {
  const kept = unitDocuments.get(unit) ?? {};
  if (!kept[lang]) {
    const other: Lang = lang === 'en' ? 'tr' : 'en';
    const content = unit.content;
    const text =
      content?.kind === 'rich_text' ? richTextToPlain(content.html[lang] || content.html[other]) : content && 'text' in content ? (content.text?.[lang] ?? content.text?.[other] ?? '') : '';
    kept[lang] = { title: unit.caption[lang] || unit.caption[other] || unit.route_name, body: text, url: unit.path[lang] ?? unit.path[other] ?? '/' };
    unitDocuments.set(unit, kept);
  }
  return kept[lang];
}

/** The same lower-casing in SQL as `folded` in TypeScript. */
const fold = (sql: string) => `translate(lower(${sql}), 'ı', 'i')`;
/** Title words weigh most (A), the text least (D). */
const words = (title: string, body: string) => `setweight(to_tsvector('simple', ${fold(title)}), 'A') || setweight(to_tsvector('simple', ${fold(body)}), 'D')`;
/** A plain-text passage of the body around the match (its beginning when only the title matched). */
const snippet = (body: string) => `ts_headline('simple', ${body}, to_tsquery('simple', $1), 'StartSel="",StopSel="",MinWords=12,MaxWords=35,ShortWord=2')`;

export interface SearchScope {
  tenantId: string;
  /** The signed-in caller, whose own projects are searched with the public ones. */
  userId: string | null;
  /** Where a project opens: its page's path in the caller's language; `?project_id=` is added. */
  projectPath: string;
  /** The website units the caller may open, as documents in the caller's language. */
  units: readonly SearchDocument[];
}

/**
 * One page of results, best first (or worst first with sort `score`), and how many there are. A project is
 * found by its name, description and column names; private projects of others and other sites' never.
 */
export async function searchSite(
  db: Queryable,
  scope: SearchScope,
  input: { query: string; sort?: 'score' | '-score'; page?: number; page_size?: number },
): Promise<WaiSearchResponse> {
  const tsquery = prefixQuery(input.query);
  if (!tsquery) return { result_list: [], total: 0, page: input.page ?? 1, page_size: input.page_size ?? 20 };
  // Every word must match (ts_rank alone also scores a partial match); normalisation 32 maps the rank into 0..1.
  const where = new Where([tsquery, scope.tenantId, scope.userId, scope.projectPath, JSON.stringify(scope.units)]).add("doc @@ to_tsquery('simple', $1)");
  const projectText = `p.description || ' ' || coalesce((select string_agg(c.column_name, ' ' order by c.column_index) from analysis_column c where c.project_id = p.project_id), '')`;
  const { rows, total, page, page_size } = await pageRows<{ title: string; snippet: string; url: string; project_id: string | null; score: number }>(db, {
    select: `select title, ${snippet('body')} as snippet, url, project_id, ts_rank(doc, to_tsquery('simple', $1), 32) as score from (
        select left(p.project_name, 300) as title, p.description as body, $4 || '?project_id=' || p.project_id as url,
               p.project_id::text as project_id, ${words('p.project_name', projectText)} as doc
          from analysis_project p
         where p.tenant_id = $2 and (p.is_public or p.owner_user_id = $3::uuid)
        union all
        select left(u.title, 300), u.body, u.url, null, ${words('u.title', 'u.body')}
          from jsonb_to_recordset($5::jsonb) as u(title text, body text, url text)
      ) found`,
    where,
    order: input.sort === 'score' ? 'score asc, title, url' : 'score desc, title, url',
    paging: input,
  });
  return {
    result_list: rows.map((r) => ({
      title: r.title,
      snippet: r.snippet.slice(0, 2000),
      url: r.url,
      ...(r.project_id ? { project_id: r.project_id } : {}),
      score: Math.min(1, Math.max(0, Number(r.score))),
    })),
    total,
    page,
    page_size,
  };
}

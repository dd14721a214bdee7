// Handlers run no SQL (docs/decisions.md "Where does SQL live"): each aggregate's store in server/services/
// owns its tables' statements, and a handler keeps the request's flow. Checked on the TypeScript program, so
// `ctx.db.query(…)`, `tx.exec(…)` or a destructured `db.query(…)` is found whatever the receiver is called,
// while a regular expression's exec is not. Probe files (in memory, never written) show each rule refusing.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const HANDLERS = join(ROOT, 'server', 'handlers');

/** Where the database's query and exec are declared: the adapter and the drivers behind it. */
const DATABASE_DECLARATIONS = [`${join(ROOT, 'server', 'db')}/`, '/node_modules/pg/', '/node_modules/@types/pg/', '/node_modules/@electric-sql/pglite/'];
/** What a handler may take from the adapter only to pass a transaction through, as the type of a parameter `tx`. */
const TRANSACTION_TYPES = new Set(['Queryable', 'Transaction']);
/** The pieces that build list SQL: they belong in the stores. */
const SQL_BUILDERS = new Set(['pageRows', 'Where', 'orderBy', 'containsPattern']);

/** [probe source, the rule it breaks (undefined: it breaks none)] */
const PROBES: [string, string | undefined][] = [
  ["import type { RequestContext } from '../http/context.ts';\nexport const f = (ctx: RequestContext) => ctx.db.query('select 1');", 'query'],
  ["import type { RequestContext } from '../http/context.ts';\nexport const f = (ctx: RequestContext) => ctx.transaction((tx) => tx.query('select 1'));", 'query'],
  ["import type { RequestContext } from '../http/context.ts';\nexport const f = ({ db }: RequestContext) => db.exec('select 1');", 'exec'],
  ["export const f = (text: string) => /a/.exec(text);", undefined],
  ["import type { Db } from '../db/adapter.ts';\nexport const f = (db: Db) => db.kind;", 'Db'],
  ["import type { Queryable } from '../db/adapter.ts';\nexport const f = async (db: Queryable) => db;", 'Queryable'],
  ["import type { Queryable } from '../db/adapter.ts';\nexport const f = (run: (work: (tx: Queryable) => Promise<void>) => Promise<void>) => run(async () => {});", undefined],
  ["import { pageRows } from '../services/paging.ts';\nexport const f = pageRows;", 'pageRows'],
];

const probePath = (i: number) => join(HANDLERS, `__probe${i}.ts`);

const program = (() => {
  const { config } = ts.readConfigFile(join(ROOT, 'tsconfig.json'), ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, ROOT);
  const host = ts.createCompilerHost(options);
  const probes = new Map(PROBES.map(([source], i) => [probePath(i), source]));
  const { getSourceFile, fileExists, readFile } = host;
  host.getSourceFile = (name, version, ...rest) => {
    const probe = probes.get(name);
    return probe === undefined ? getSourceFile(name, version, ...rest) : ts.createSourceFile(name, probe, version);
  };
  host.fileExists = (name) => probes.has(name) || fileExists(name);
  host.readFile = (name) => probes.get(name) ?? readFile(name);
  const handlers = readdirSync(HANDLERS)
    .filter((f) => f.endsWith('.ts'))
    .map((f) => join(HANDLERS, f));
  return ts.createProgram([...handlers, ...probes.keys()], options, host);
})();
const checker = program.getTypeChecker();

/** What in `file` breaks the rules: calls of the database's query/exec, adapter types beyond passing `tx`, list SQL builders. */
function breaches(file: string): string[] {
  const source = program.getSourceFile(file)!;
  const found: string[] = [];
  const at = (node: ts.Node) => `${file.slice(ROOT.length + 1)}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`;
  const adapterTypes = new Set<string>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const module = statement.moduleSpecifier.text;
    const bindings = statement.importClause?.namedBindings;
    const names = bindings && ts.isNamedImports(bindings) ? bindings.elements : [];
    for (const element of names) {
      const imported = (element.propertyName ?? element.name).text;
      if (/\/db\/adapter(\.ts)?$/.test(module)) {
        if (imported === 'Db') found.push(`${at(element)} imports Db`);
        if (TRANSACTION_TYPES.has(imported)) adapterTypes.add(element.name.text);
      }
      if (/\/services\/paging(\.ts)?$/.test(module) && SQL_BUILDERS.has(imported)) found.push(`${at(element)} imports ${imported}`);
    }
  }
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && ['query', 'exec'].includes(node.expression.name.text)) {
      const method = checker.getSymbolAtLocation(node.expression.name);
      const declaredIn = method?.declarations?.map((d) => d.getSourceFile().fileName) ?? [];
      // Unknown (an any) counts as the database: the rule must not be dodged by a cast.
      if (!declaredIn.length || declaredIn.some((f) => DATABASE_DECLARATIONS.some((d) => f.includes(d)))) found.push(`${at(node)} calls .${node.expression.name.text}(`);
    }
    if (ts.isTypeReferenceNode(node) && ts.isIdentifier(node.typeName) && adapterTypes.has(node.typeName.text)) {
      const parameter = node.parent;
      const passesTx = ts.isParameter(parameter) && parameter.type === node && ts.isIdentifier(parameter.name) && parameter.name.text === 'tx';
      if (!passesTx) found.push(`${at(node)} uses ${node.typeName.text} beyond passing a transaction (tx)`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('handlers and the database', () => {
  it.each(PROBES.map(([source, rule], i) => [source.split('\n').at(-1), rule ?? 'allowed', i] as const))('probe %s: %s', (_source, rule, i) => {
    const found = breaches(probePath(i));
    if (rule === 'allowed') expect(found).toEqual([]);
    else expect(found).toEqual([expect.stringContaining(rule)]);
  });

  it('no handler runs SQL: no query/exec on a database object, no adapter type but a transaction passed through, no list SQL', () => {
    const handlers = program.getRootFileNames().filter((f) => !f.includes('__probe'));
    expect(handlers.length).toBeGreaterThan(10);
    expect(handlers.flatMap(breaches)).toEqual([]);
  });
});

// The demo analysis project of localhost (fixtures/seed/analysis-projects.json: R's ToothGrowth, its source named
// there), public and owned by a demo user, so the project pages show real data on a fresh start. Added when
// missing under its fixed id; one the site changed or deleted is never touched again while it exists.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Queryable } from './adapter.ts';
import { seededUuid } from './seeded-id.ts';
import { insertProject, projectById, replaceDataset } from '../services/analysis-store.ts';
import { summariseColumn } from '../../src/domain/column-summary.ts';
import type { Cell, ColumnType } from '../../src/domain/dataset-columns.ts';

interface SeedProject {
  key: string;
  project_name: string;
  description: string;
  file_name: string;
  columns: { name: string; type: ColumnType; unit?: string }[];
  rows: Cell[][];
}

const FILE = join(import.meta.dirname, '..', '..', 'fixtures', 'seed', 'analysis-projects.json');

/** Adds the demo projects (and their owner) that are missing; answers how many projects it added. */
export async function seedAnalysisProjects(tx: Queryable): Promise<number> {
  const { domain, owner, projects } = JSON.parse(readFileSync(FILE, 'utf8')) as {
    domain: string;
    owner: { username: string; firstname: string; lastname: string };
    projects: SeedProject[];
  };
  const [site] = await tx.query<{ tenant_id: string }>('select tenant_id from tenant where domain = $1', [domain]);
  if (!site) return 0;
  // The demo owner has no password: nobody signs in as them, their projects are there to be read.
  await tx.query('insert into app_user (user_id, tenant_id, username, firstname, lastname) values ($1, $2, $3, $4, $5) on conflict do nothing', [
    seededUuid(`sema:analysis-owner:${domain}:${owner.username}`),
    site.tenant_id,
    owner.username,
    owner.firstname,
    owner.lastname,
  ]);
  const [{ user_id: ownerId }] = await tx.query<{ user_id: string }>('select user_id from app_user where tenant_id = $1 and lower(username) = lower($2)', [
    site.tenant_id,
    owner.username,
  ]);
  let added = 0;
  for (const p of projects) {
    const projectId = seededUuid(`sema:analysis-project:${domain}:${p.key}`);
    if (await projectById(tx, projectId)) continue;
    await insertProject(tx, { tenantId: site.tenant_id, ownerId, name: p.project_name, description: p.description, isPublic: true, projectId });
    await replaceDataset(tx, projectId, {
      fileName: p.file_name,
      filledCells: p.columns.length + p.rows.flat().filter((c) => c !== null).length,
      creditUsed: 0,
      columns: p.columns.map((c, i) => ({ ...c, results: summariseColumn(p.rows.map((r) => r[i]), c.type) })),
      rows: p.rows,
    });
    added++;
  }
  return added;
}

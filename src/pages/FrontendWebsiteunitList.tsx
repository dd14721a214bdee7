// frontend_websiteunit_list (admin, website_admin, website_edit): the site's website units — caption, path
// per language, parent, position, menu flags — with edit, delete (asked first) and move up/down among the
// units of the same parent. Every change goes to the store at once, so the menu follows without a reload.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { applyWebsiteUnits } from '../app/boot/apply';
import { pageNamed } from '../app/router/catalogue';
import { useActiveLabel, usePages } from '../app/router/hooks';
import type { PageProps } from '../app/router/registry';
import { frontendWebsiteunitDelete, frontendWebsiteunitList, frontendWebsiteunitReorder } from '../generated/client';
import type { WebsiteUnit } from '../generated/types/entities';
import { usePagePath } from './shared/hooks';
import { ConfirmDialog, Notice, TableRegion, useErrorText } from './shared/ui';
import './website/strings';
import './website/website.css';

type Unit = WebsiteUnit & { website_unit_client_id: string; version: number };

const byPosition = (a: Unit, b: Unit) => a.position - b.position || a.route_name.localeCompare(b.route_name);
const parentOf = (u: Unit) => u.parent || '';

/** Units in menu order: each parent's children right after it (units under built-in pages by parent). */
export function treeOrder(units: readonly Unit[]): { unit: Unit; depth: number }[] {
  const names = new Set(units.map((u) => u.route_name));
  const out: { unit: Unit; depth: number }[] = [];
  const seen = new Set<string>();
  const visit = (unit: Unit, depth: number) => {
    if (seen.has(unit.route_name)) return;
    seen.add(unit.route_name);
    out.push({ unit, depth });
    units
      .filter((u) => u.parent === unit.route_name)
      .sort(byPosition)
      .forEach((c) => visit(c, depth + 1));
  };
  units
    .filter((u) => !u.parent || !names.has(u.parent))
    .sort((a, b) => parentOf(a).localeCompare(parentOf(b)) || byPosition(a, b))
    .forEach((u) => visit(u, 0));
  return out;
}

/** The reorder items that move `unit` one place up (-1) or down (+1) among its siblings, or null at an end. */
export function moveItems(units: readonly Unit[], unit: Unit, step: -1 | 1): { website_unit_client_id: string; version: number; position: number }[] | null {
  const siblings = units.filter((u) => parentOf(u) === parentOf(unit)).sort(byPosition);
  const i = siblings.findIndex((u) => u.website_unit_client_id === unit.website_unit_client_id);
  const j = i + step;
  if (i < 0 || j < 0 || j >= siblings.length) return null;
  const order = [...siblings];
  [order[i], order[j]] = [order[j], order[i]];
  const distinct = new Set(siblings.map((u) => u.position)).size === siblings.length;
  // Distinct positions: the two swap theirs. Ties: the group is numbered again, ten apart.
  const positions = distinct ? siblings.map((u) => u.position) : order.map((_u, k) => Math.min((k + 1) * 10, 10_000));
  return order
    .map((u, k) => ({ website_unit_client_id: u.website_unit_client_id, version: u.version, position: positions[k] }))
    .filter((item, k) => item.position !== order[k].position);
}

export default function FrontendWebsiteunitList({ page }: PageProps) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const pages = usePages();
  const errorText = useErrorText();
  const recordPath = usePagePath('frontend_webunit');
  const [units, setUnits] = useState<Unit[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [toDelete, setToDelete] = useState<Unit | null>(null);

  const accept = useCallback((list: WebsiteUnit[]) => {
    setUnits(list as Unit[]);
    applyWebsiteUnits(list);
  }, []);

  const load = useCallback(() => {
    setLoadError(null);
    frontendWebsiteunitList({}).then(
      (answer) => accept(answer.website_unit_list),
      (e: unknown) => setLoadError(errorText(e)),
    );
  }, [accept]);

  useEffect(load, [load]);

  const rows = useMemo(() => (units ? treeOrder(units) : []), [units]);
  const captionOf = (routeName: string | null | undefined) => {
    if (!routeName) return t('website.topLevel');
    const p = units?.find((u) => u.route_name === routeName) ?? pageNamed(pages, routeName);
    return p ? p.caption[lang] : routeName;
  };

  const move = async (unit: Unit, step: -1 | 1) => {
    if (!units || busy) return;
    const items = moveItems(units, unit, step);
    if (!items?.length) return;
    setBusy(true);
    setOutcome(null);
    try {
      const answer = await frontendWebsiteunitReorder({ website_unit_order: items });
      accept(answer.website_unit_list);
      setOutcome({ kind: 'success', text: t(step < 0 ? 'website.movedUp' : 'website.movedDown', { caption: unit.caption[lang] }) });
    } catch (e) {
      setOutcome({ kind: 'error', text: errorText(e) });
      load();
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!toDelete) return;
    setBusy(true);
    try {
      await frontendWebsiteunitDelete({ website_unit_client_id: toDelete.website_unit_client_id, version: toDelete.version });
      setOutcome({ kind: 'success', text: t('website.deleted', { caption: toDelete.caption[lang] }) });
      accept((units ?? []).filter((u) => u.website_unit_client_id !== toDelete.website_unit_client_id));
    } catch (e) {
      setOutcome({ kind: 'error', text: errorText(e) });
    } finally {
      setBusy(false);
      setToDelete(null);
    }
  };

  const yesNo = (v: boolean | undefined) => (v ? t('common.yes') : t('common.no'));

  return (
    <article className="page" aria-labelledby="page-title">
      <h1 id="page-title">{page.caption[lang]}</h1>
      <p className="page__links">{recordPath && <Link to={recordPath}>{t('website.newUnit')}</Link>}</p>
      {outcome && <Notice kind={outcome.kind}>{outcome.text}</Notice>}
      {loadError && <Notice>{loadError}</Notice>}
      {!units && !loadError && <p role="status">{t('app.loading')}</p>}
      {units && units.length === 0 && <p>{t('website.noUnits')}</p>}
      {units && units.length > 0 && (
        <TableRegion label={page.caption[lang]}>
          <table className="table">
            <caption className="visually-hidden">{page.caption[lang]}</caption>
            <thead>
              <tr>
                <th scope="col">{t('website.caption')}</th>
                <th scope="col">{t('website.pathTr')}</th>
                <th scope="col">{t('website.pathEn')}</th>
                <th scope="col">{t('website.parent')}</th>
                <th scope="col">{t('website.position')}</th>
                <th scope="col">{t('website.showInMenu')}</th>
                <th scope="col">{t('website.dashboard')}</th>
                <th scope="col">{t('website.contentKind')}</th>
                <th scope="col">{t('common.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map(({ unit, depth }) => {
                const caption = unit.caption[lang];
                return (
                  <tr key={unit.website_unit_client_id} className={`unit-depth-${Math.min(depth, 3)}`}>
                    <th scope="row" className="unit-caption">
                      {caption}
                    </th>
                    <td>{unit.path.tr ?? '—'}</td>
                    <td>{unit.path.en ?? '—'}</td>
                    <td>{captionOf(unit.parent)}</td>
                    <td>{unit.position}</td>
                    <td>{yesNo(unit.show_in_menu)}</td>
                    <td>{yesNo(unit.is_dashboard)}</td>
                    <td>{t(`website.kind.${unit.content?.kind ?? 'text'}`)}</td>
                    <td>
                      <div className="unit-actions">
                        {recordPath && (
                          <Link className="button button--secondary button--small" to={`${recordPath}?${new URLSearchParams({ id: unit.website_unit_client_id })}`} aria-label={t('website.editUnit', { caption })}>
                            {t('common.edit')}
                          </Link>
                        )}
                        <button type="button" className="button button--secondary button--small" onClick={() => void move(unit, -1)} aria-label={t('website.moveUp', { caption })}>
                          ↑
                        </button>
                        <button type="button" className="button button--secondary button--small" onClick={() => void move(unit, 1)} aria-label={t('website.moveDown', { caption })}>
                          ↓
                        </button>
                        <button type="button" className="button button--danger button--small" disabled={busy} onClick={() => setToDelete(unit)} aria-label={t('website.deleteUnit', { caption })}>
                          {t('website.delete')}
                        </button>
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableRegion>
      )}
      {toDelete && (
        <ConfirmDialog title={t('website.deleteTitle')} confirmLabel={t('website.delete')} onConfirm={() => void remove()} onCancel={() => setToDelete(null)} busy={busy}>
          <p>{t('website.deleteText', { caption: toDelete.caption[lang] })}</p>
        </ConfirmDialog>
      )}
    </article>
  );
}

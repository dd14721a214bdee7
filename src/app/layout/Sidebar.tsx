// The sidebar menu: the pages shown in the menu that the user may see, nested under their parents, with
// their captions and paths in the active language.
import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { menuTree, pageAtPath, pathOf, type MenuNode } from '../router/catalogue';
import { useAccess, useActiveLabel, useLanguageOrder, usePages } from '../router/hooks';
import { useAppStore } from '../store';
import { Icon } from './icons';

export function Sidebar() {
  const { t } = useTranslation();
  const pages = usePages();
  const access = useAccess();
  const opened = useAppStore((s) => s.layout.sidebar.opened);
  const tree = useMemo(() => menuTree(pages, access), [pages, access]);
  const location = useLocation();
  const current = pageAtPath(pages, location.pathname)?.route_name;

  return (
    <nav id="sidebar" className="sidebar" aria-label={t('menu.label')} hidden={!opened}>
      <MenuList nodes={tree} current={current} />
    </nav>
  );
}

const contains = (node: MenuNode, routeName: string | undefined): boolean =>
  node.page.route_name === routeName || node.children.some((c) => contains(c, routeName));

function MenuList({ nodes, current, id }: { nodes: MenuNode[]; current: string | undefined; id?: string }) {
  return (
    <ul className="menu" id={id}>
      {nodes.map((node) => (
        <MenuItem key={node.page.route_name} node={node} current={current} />
      ))}
    </ul>
  );
}

function MenuItem({ node, current }: { node: MenuNode; current: string | undefined }) {
  const { t } = useTranslation();
  const lang = useActiveLabel();
  const order = useLanguageOrder();
  const isMobile = useAppStore((s) => s.layout.device.isMobile);
  const toggleSidebar = useAppStore((s) => s.toggleSidebar);
  const childrenId = useId();
  const { page, children } = node;
  const active = contains(node, current);
  const [open, setOpen] = useState(active);
  useEffect(() => {
    if (active) setOpen(true);
  }, [active]);

  const caption = page.caption[lang];
  const to = pathOf(page, lang, order);
  const closeOnMobile = () => {
    if (isMobile) toggleSidebar(false);
  };
  const label = (
    <>
      <Icon name={page.icon} />
      <span>{caption}</span>
    </>
  );

  let entry: ReactNode;
  if (page.click_type === 'expand' && children.length > 0) {
    entry = (
      <button type="button" className="menu__link" aria-expanded={open} aria-controls={childrenId} onClick={() => setOpen(!open)}>
        {label}
      </button>
    );
  } else if (page.click_type === 'external') {
    entry = (
      <a className="menu__link" href={to}>
        {label}
      </a>
    );
  } else {
    entry = (
      <NavLink className="menu__link" to={to} end onClick={closeOnMobile}>
        {label}
      </NavLink>
    );
  }

  return (
    <li className="menu__item">
      <div className="menu__row">
        {entry}
        {children.length > 0 && page.click_type !== 'expand' && (
          <button
            type="button"
            className="menu__expand"
            aria-expanded={open}
            aria-controls={childrenId}
            aria-label={t(open ? 'menu.hideChildren' : 'menu.showChildren', { caption })}
            onClick={() => setOpen(!open)}
          >
            <span aria-hidden="true">{open ? '−' : '+'}</span>
          </button>
        )}
      </div>
      {children.length > 0 && (
        <div hidden={!open}>
          <MenuList nodes={children} current={current} id={childrenId} />
        </div>
      )}
    </li>
  );
}

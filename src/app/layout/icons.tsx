// The menu's icons: simple 24×24 outline drawings by icon name, with a dot for names not drawn here.
const PATHS: Record<string, string> = {
  home: 'M3 11l9-8 9 8M5 10v10h5v-6h4v6h5V10',
  dashboard: 'M3 3h8v8H3zM13 3h8v5h-8zM13 10h8v11h-8zM3 13h8v8H3z',
  store: 'M3 9l2-5h14l2 5M4 9h16v11H4zM9 20v-6h6v6',
  tag: 'M3 3h8l10 10-8 8L3 11zM7.5 7.5h.01',
  cart: 'M3 4h2l2.4 11h10.2L20 7H6.2M9 20h.01M17 20h.01',
  receipt: 'M6 3h12v18l-3-2-3 2-3-2-3 2zM9 8h6M9 12h6',
  card: 'M3 6h18v12H3zM3 10h18M7 15h3',
  package: 'M12 3l8 4v10l-8 4-8-4V7zM4 7l8 4 8-4M12 11v10',
  dataset: 'M4 6c0-1.7 3.6-3 8-3s8 1.3 8 3-3.6 3-8 3-8-1.3-8-3zM4 6v12c0 1.7 3.6 3 8 3M20 6v6M4 12c0 1.7 3.6 3 8 3M18 15v6M15 18h6',
  database: 'M4 6c0-1.7 3.6-3 8-3s8 1.3 8 3-3.6 3-8 3-8-1.3-8-3zM4 6v12c0 1.7 3.6 3 8 3s8-1.3 8-3V6M4 12c0 1.7 3.6 3 8 3s8-1.3 8-3',
  support: 'M4 5h16v11H9l-5 4zM8 9h8M8 12h5',
  folder: 'M3 6h6l2 2h10v11H3z',
  chart: 'M4 20V10M10 20V4M16 20v-7M3 20h18',
  brain: 'M9 4a3 3 0 0 0-3 3 3 3 0 0 0-2 5 3 3 0 0 0 2 5 3 3 0 0 0 6 0V4zM15 4a3 3 0 0 1 3 3 3 3 0 0 1 2 5 3 3 0 0 1-2 5 3 3 0 0 1-6 0',
  filter: 'M3 4h18l-7 8v7l-4 2v-9z',
  table: 'M3 4h18v16H3zM3 10h18M3 15h18M9 4v16',
  query: 'M4 5h10M4 10h7M4 15h5M16 15a3 3 0 1 0 0-.01M18.2 17.2L21 20',
  calculator: 'M5 3h14v18H5zM8 7h8M8 12h.01M12 12h.01M16 12h.01M8 16h.01M12 16h.01M16 16h.01',
  search: 'M10 17a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM15 15l6 6',
  settings: 'M4 6h9M17 6h3M4 12h3M11 12h9M4 18h11M19 18h1M15 4v4M9 10v4M17 16v4',
  user: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21c0-4 3.6-7 8-7s8 3 8 7',
  'user-plus': 'M10 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM2 21c0-4 3.6-7 8-7 2 0 3.8.6 5.2 1.7M19 14v6M16 17h6',
  key: 'M8 15a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM11 11h10M18 11v3M21 11v3',
  mail: 'M3 5h18v14H3zM3 5l9 7 9-7',
  list: 'M8 6h13M8 12h13M8 18h13M3 6h.01M3 12h.01M3 18h.01',
  edit: 'M4 20h4L19 9l-4-4L4 16zM13 7l4 4',
  link: 'M10 14a4 4 0 0 0 6 0l3-3a4 4 0 0 0-6-6l-1 1M14 10a4 4 0 0 0-6 0l-3 3a4 4 0 0 0 6 6l1-1',
  image: 'M3 4h18v16H3zM3 16l5-5 5 5 3-3 5 5M15 9h.01',
  palette: 'M12 3a9 9 0 1 0 0 18c1.5 0 2-1 2-2s-1-2 0-3 3 0 4-1 3-2 3-4c0-4.4-4-8-9-8zM7.5 11h.01M10 7h.01M15 7h.01',
  alert: 'M12 3l10 18H2zM12 10v5M12 18h.01',
  login: 'M14 4h5v16h-5M3 12h12M11 8l4 4-4 4',
  logout: 'M10 4H5v16h5M9 12h12M17 8l4 4-4 4',
  check: 'M4 12l5 5L20 6',
  menu: 'M3 6h18M3 12h18M3 18h18',
  flow: 'M3 4h7v5H3zM14 15h7v5h-7zM6.5 9v3.5h11V15',
};

const FALLBACK = 'M12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6z';

/** Every icon name drawn here, in drawing order (the icon_list page and the website-unit icon picker). */
export const ICON_NAMES: readonly string[] = Object.keys(PATHS);

export function Icon({ name, className }: { name?: string; className?: string }) {
  return (
    <svg className={className ?? 'icon'} viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d={(name && PATHS[name]) || FALLBACK} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

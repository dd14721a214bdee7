import type { ReactNode } from 'react';

/** A scrollable table region (phones): focusable so keyboard users can scroll it. */
export function TableRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="table-region" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

import type { ReactNode, Ref } from 'react';

/** A scrollable table region (phones): focusable so keyboard users can scroll it. */
export function TableRegion({ label, children, ref }: { label: string; children: ReactNode; ref?: Ref<HTMLDivElement> }) {
  return (
    <div ref={ref} className="table-region" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

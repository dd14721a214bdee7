import type { ReactNode, Ref } from 'react';

/** A scrollable table region (phones): focusable so keyboard users can scroll it. */
export function TableRegion({ label, children, ref }: { label: string; children: ReactNode; ref?: Ref<HTMLElement> }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that can scroll sideways must take the focus, or a keyboard cannot scroll it (WCAG 2.1.1, axe's scrollable-region-focusable)
    <section ref={ref} className="table-region" aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}

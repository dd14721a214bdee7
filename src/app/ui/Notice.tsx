import type { ReactNode } from 'react';

/** The server's answer (or any message) in an alert region; success messages are a polite status. */
export function Notice({ id, kind = 'error', children }: { id?: string; kind?: 'error' | 'success' | 'info'; children: ReactNode }) {
  if (!children) return null;
  return (
    <div id={id} className={`notice notice--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}

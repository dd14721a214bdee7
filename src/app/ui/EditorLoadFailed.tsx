// A hand-written editor (rule canvas, data-model designer, protocol editor) whose document could not be read:
// the page's heading, why, and a way to try again.
import type { ReactNode } from 'react';
import { Notice } from './Notice';

export function EditorLoadFailed({ heading, message, retryLabel, onRetry }: { heading: ReactNode; message: string; retryLabel: string; onRetry: () => void }) {
  return (
    <>
      {heading}
      <Notice>
        {message}{' '}
        <button type="button" className="button button--secondary button--small" onClick={onRetry}>
          {retryLabel}
        </button>
      </Notice>
    </>
  );
}

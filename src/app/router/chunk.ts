// Loading a lazy chunk with the specification's 120 s time-out (sections 2 and 9), and telling apart the
// three chunk-load failures of section 8: missing, timeout, error.
export const CHUNK_TIMEOUT_MS = 120_000;

export type ChunkErrorKind = 'missing' | 'timeout' | 'error';

export class ChunkLoadError extends Error {
  readonly kind: ChunkErrorKind;
  constructor(kind: ChunkErrorKind, cause?: unknown) {
    super(`chunk-load error (${kind})`, { cause });
    this.name = 'ChunkLoadError';
    this.kind = kind;
  }
}

// What browsers and Vite say when a chunk file is absent (a deploy replaced it) or a style chunk failed.
const MISSING = /failed to fetch dynamically imported module|importing a module script failed|error loading dynamically imported module|unable to preload css|404/i;

export function chunkErrorKind(error: unknown): ChunkErrorKind {
  if (error instanceof ChunkLoadError) return error.kind;
  return MISSING.test(String((error as Error)?.message ?? error)) ? 'missing' : 'error';
}

/** Runs `load` (an `import()`), rejecting with a ChunkLoadError when it fails or takes longer than `timeoutMs`. */
export function loadChunk<T>(load: () => Promise<T>, timeoutMs = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError('timeout')), timeoutMs);
    let pending: Promise<T>;
    try {
      pending = load();
    } catch (e) {
      pending = Promise.reject(e);
    }
    pending.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e instanceof ChunkLoadError ? e : new ChunkLoadError(chunkErrorKind(e), e));
      },
    );
  });
}

import { CHUNK_TIMEOUT_MS, ChunkLoadError, chunkErrorKind, loadChunk } from '../../src/app/router/chunk';

describe('loadChunk', () => {
  afterEach(() => vi.useRealTimers());

  it('gives up after 120 seconds with a timeout error', async () => {
    vi.useFakeTimers();
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
    const settled = vi.fn();
    const pending = loadChunk(() => new Promise(() => {})).catch((e: unknown) => {
      settled(e);
      throw e;
    });
    pending.catch(() => {});

    await vi.advanceTimersByTimeAsync(119_999);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await expect(pending).rejects.toMatchObject({ name: 'ChunkLoadError', kind: 'timeout' });
  });

  it('resolves a chunk that arrives in time', async () => {
    await expect(loadChunk(() => Promise.resolve({ default: 'page' }), 50)).resolves.toEqual({ default: 'page' });
  });

  it('calls a missing chunk missing and other failures errors', async () => {
    await expect(loadChunk(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /a.js')))).rejects.toMatchObject({ kind: 'missing' });
    await expect(loadChunk(() => Promise.reject(new Error('Unable to preload CSS for /assets/x.css')))).rejects.toMatchObject({ kind: 'missing' });
    await expect(loadChunk(() => Promise.reject(new SyntaxError('Unexpected token')))).rejects.toMatchObject({ kind: 'error' });
    expect(chunkErrorKind(new ChunkLoadError('timeout'))).toBe('timeout');
  });

  it('turns a loader that throws synchronously into a chunk error', async () => {
    await expect(
      loadChunk(() => {
        throw new Error('boom');
      }),
    ).rejects.toBeInstanceOf(ChunkLoadError);
  });
});

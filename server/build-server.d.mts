import type { Metafile } from 'esbuild';

export const ROOT: string;
export const OUT: string;
export function freshBuild(): string | undefined;
export function compileServer(options: { write: boolean }): Promise<{ folder: string; metafile: Metafile }>;

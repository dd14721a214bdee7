// @ts-check
// `npm start` (node server/launch.mjs main) and `npm run worker` (… worker): runs the entry from the compiled
// server (./build-server.mjs), compiling it first when its sources changed.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { compileServer, freshBuild } from './build-server.mjs';

const entry = process.argv[2];
if (entry !== 'main' && entry !== 'worker') throw new Error('usage: node server/launch.mjs main|worker [options]');
// The entry's own options stay in argv where it reads them (e.g. main's --build-if-needed).
process.argv.splice(2, 1);
const folder = freshBuild() ?? (await compileServer({ write: true })).folder;
// Errors' stacks name the TypeScript sources (the build's source maps).
process.setSourceMapsEnabled(true);
await import(pathToFileURL(join(folder, `${entry}.mjs`)).href);

// Every kind of background work, by name. Each area defines its JobKind in its own module and adds it here;
// `npm start` and `npm run worker` run these (tests inject their own through buildApp / openWorker).
import type { JobKinds } from './queue.ts';

export const jobKinds: JobKinds = {};

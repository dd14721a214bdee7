// Every kind of background process, by its stored name (server/jobs/job-kind.ts): a worker runs a queued process
// with the kind named here.
import type { JobKind } from './job-kind.ts';
import { layerImportJob } from '../services/layer-import.ts';

export const jobKinds: Record<string, JobKind<never>> = {
  [layerImportJob.kind]: layerImportJob,
};

// Every kind of background process, by its stable name (server/jobs/job-kind.ts): a worker runs a queued
// process with the kind named here (`npm start`, `npm run worker`; tests inject their own through buildApp). A
// kind that needs one of the app's services (the mailer) is made from them once, at start.
import type { JobKinds } from './queue.ts';
import type { Mailer } from '../mail/mailer.ts';
import { BULK_MAIL, bulkMailJob } from '../mail/bulk-mail-job.ts';
import { layerImportJob } from '../services/layer-import.ts';
import { ML_TRAIN, mlTrainJob } from '../services/machine-learning.ts';
import { datasetReaderFor } from '../services/analysis-store.ts';

export interface JobKindServices {
  mailer: Mailer;
}

export function jobKinds(services: JobKindServices): JobKinds {
  return {
    [BULK_MAIL]: bulkMailJob({ mailer: services.mailer }),
    [layerImportJob.kind]: layerImportJob,
    [ML_TRAIN]: mlTrainJob(datasetReaderFor),
  };
}

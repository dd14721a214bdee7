// Every kind of background process, by its stable name (server/jobs/job-kind.ts): a worker runs a queued
// process with the kind named here (`npm start`, `npm run worker`; tests inject their own through buildApp). A
// kind that needs one of the app's services (the mailer) is made from them once, at start.
import type { JobKinds } from './queue.ts';
import type { Mailer } from '../mail/mailer.ts';
import { BULK_MAIL, bulkMailJob } from '../mail/bulk-mail-job.ts';
import { layerImportJob } from '../services/layer-import.ts';
import { ML_TRAIN, mlTrainJob, type ReaderFor } from '../services/machine-learning.ts';

export interface JobKindServices {
  mailer: Mailer;
  /** How a process opens a project's dataset (the dataset store's datasetReaderFor): model training needs it. */
  datasetReaderFor?: ReaderFor;
}

export function jobKinds(services: JobKindServices): JobKinds {
  return {
    [BULK_MAIL]: bulkMailJob({ mailer: services.mailer }),
    [layerImportJob.kind]: layerImportJob,
    ...(services.datasetReaderFor ? { [ML_TRAIN]: mlTrainJob(services.datasetReaderFor) } : {}),
  };
}

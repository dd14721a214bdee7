// Every kind of background process, by its stable name (server/jobs/job-kind.ts): a worker runs a queued
// process with the kind named here (`npm start`, `npm run worker`; tests inject their own through buildApp). A
// kind that needs one of the app's services (the mailer) is made from them once, at start.
import type { JobKind } from './job-kind.ts';
import type { JobKinds } from './queue.ts';
import type { Mailer } from '../mail/mailer.ts';
import { BULK_MAIL, bulkMailJob } from '../mail/bulk-mail-job.ts';
import { layerImportJob } from '../services/layer-import.ts';
import { ML_TRAIN } from '../services/machine-learning-store.ts';
import { datasetReaderFor } from '../services/analysis-store.ts';

/** Model training, whose module and learning algorithms load with the first training. */
const mlTrain: JobKind = {
  kind: ML_TRAIN,
  run: async (payload, run) => (await import('../services/machine-learning.ts')).mlTrainJob(datasetReaderFor).run(payload as never, run),
};

export interface JobKindServices {
  mailer: Mailer;
}

export function jobKinds(services: JobKindServices): JobKinds {
  return {
    [BULK_MAIL]: bulkMailJob({ mailer: services.mailer }),
    [layerImportJob.kind]: layerImportJob,
    [ML_TRAIN]: mlTrain,
  };
}

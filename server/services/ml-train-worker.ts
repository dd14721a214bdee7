// The body of a training thread (started by ./ml-train-thread.ts): trains on the request it was given and posts
// its progress and then the model with its metrics, or why it could not.
import { parentPort, workerData } from 'node:worker_threads';
import { trainModel, TrainingProblem, type TrainingRequest } from '../../src/domain/ml/train.ts';
import type { ThreadMessage } from './ml-train-thread.ts';

const post = (message: ThreadMessage) => parentPort!.postMessage(message);

let reported = 0;
try {
  const trained = trainModel(workerData as TrainingRequest, (share) => {
    // A message per percent at most: the job writes each one to the database.
    if (share - reported >= 0.01 || share === 1) {
      reported = share;
      post({ type: 'progress', share });
    }
  });
  post({ type: 'done', ...trained });
} catch (e) {
  post(e instanceof TrainingProblem ? { type: 'problem', problem: e.problem, count: e.count } : { type: 'error', message: e instanceof Error ? e.message : String(e) });
}

// `npm run worker`: a worker-only process. It runs background processes from the queue of the PostgreSQL
// database at DATABASE_URL, beside API processes started with SEMA_WORKERS=0 and other workers on any machine
// (pg-boss hands each process to one of them). SEMA_WORKERS sets how many it runs at once (default 2).
import { readConfig } from './config.ts';
import { openDb } from './db/adapter.ts';
import { migrate } from './db/migrate.ts';
import { JobQueue } from './jobs/queue.ts';
import { jobKinds } from './jobs/kinds.ts';
import { consoleMailer, smtpMailer } from './mail/mailer.ts';

const config = readConfig();
if (!config.databaseUrl) {
  // The embedded database belongs to the one process that opened it: `npm start` runs its workers itself.
  console.error('npm run worker needs DATABASE_URL (a PostgreSQL database shared with the API processes).');
  process.exit(1);
}
const db = await openDb({ databaseUrl: config.databaseUrl });
await migrate(db);
const concurrency = Math.max(1, config.workers);
const mailer = config.smtpUrl ? smtpMailer(config.smtpUrl) : consoleMailer();
const queue = await JobQueue.open({ db, kinds: jobKinds({ mailer }), concurrency, onError: (err) => console.error('background process worker:', err) });
console.log(`  Sema worker running ${concurrency} background process(es) at once on DATABASE_URL.`);

const close = async () => {
  await queue.close();
  await db.close();
  process.exit(0);
};
process.on('SIGINT', close);
process.on('SIGTERM', close);

// `npm start`: build the front end if it is missing or older than its sources, then serve the app and the
// API on PORT with the embedded database (or DATABASE_URL) and the demo data.
import { readConfig } from './config.ts';
import { buildApp, STATIC_DIR } from './app.ts';
import { prepareDatabase } from './start.ts';
import { buildFrontEndIfNeeded } from './build-front-end.ts';
import { consoleMailer, smtpMailer } from './mail/mailer.ts';
import { deliverOutbox } from './mail/outbox.ts';
import { startTracing, tracedDb } from './monitoring/tracing.ts';
import { s3DocumentStore, s3OptionsFromEnv } from './services/s3-document-files.ts';

const config = readConfig();
if (process.argv.includes('--build-if-needed')) await buildFrontEndIfNeeded();

if (!config.captcha) {
  // Loud on purpose: without the captcha, logins are only guarded by the failed-login limits.
  const line = '!'.repeat(78);
  console.warn(`\n${line}\n  WARNING: SEMA_CAPTCHA=off — the login captcha is OFF. This is for automated tests only;\n  never run a real site like this.\n${line}\n`);
}

const { db: database, seeded } = await prepareDatabase(config);
// Off unless the environment asks for it (OTEL_EXPORTER_OTLP_ENDPOINT, OTEL_TRACES_EXPORTER): then nothing of it loads.
const tracing = await startTracing();
const db = tracing ? tracedDb(database, tracing) : database;
const mailer = config.smtpUrl ? smtpMailer(config.smtpUrl) : consoleMailer();
const s3 = s3OptionsFromEnv(process.env);
const app = await buildApp({
  db,
  staticDir: STATIC_DIR,
  trustProxy: config.trustProxy,
  // Request bodies are never logged (they carry passwords and codes); the Authorization header is redacted.
  logger: { level: config.logLevel, redact: ['req.headers.authorization'] },
  captcha: { required: config.captcha },
  mailer,
  ...(s3 ? { documents: await s3DocumentStore(s3) } : {}),
  metricsToken: config.metricsToken,
  tracing,
  linkOrigin: (domain) => `http://${domain}${config.port === 80 ? '' : `:${config.port}`}`,
  // The embedded database allows one process: it runs the workers too. With DATABASE_URL, SEMA_WORKERS=0
  // leaves them to `npm run worker` processes.
  workers: config.workers,
});

for (const u of seeded.unitsSkipped)
  console.warn(`  The demo page "${u.route_name}" was not added to ${u.domain}: the site uses its name or address already (${u.reason}).`);

if (seeded.generatedAdminPassword) {
  // Printed once: the first start creates the administrator; later starts never show it again.
  console.log(`\n  Administrator created: username "admin", password "${seeded.generatedAdminPassword}"`);
  console.log('  (set SEMA_ADMIN_PASSWORD before the first start to choose it)\n');
}

const close = async () => {
  await app.close();
  await db.close();
  await tracing?.shutdown();
  process.exit(0);
};
process.on('SIGINT', close);
process.on('SIGTERM', close);

await app.listen({ port: config.port, host: config.host });
// Mail that could not go out before the last stop (SMTP down) is tried again.
void deliverOutbox(db, mailer, app.log).catch((err: unknown) => app.log.error({ err }, 'outbox delivery failed'));
console.log(`  Sema is running: http://localhost:${config.port}/  (clinical site: http://clinical.localhost:${config.port}/)`);
console.log(`  Database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`}\n`);

// `npm start`: build the front end if it is missing or older than its sources, then serve the app and the
// API on PORT with the embedded database (or DATABASE_URL) and the demo data.
import { readConfig } from './config.ts';
import { buildApp, STATIC_DIR } from './app.ts';
import { prepareDatabase } from './start.ts';
import { buildFrontEndIfNeeded } from './build-front-end.ts';

const config = readConfig();
if (process.argv.includes('--build-if-needed')) await buildFrontEndIfNeeded();

const { db, seeded } = await prepareDatabase(config);
const app = await buildApp({
  db,
  staticDir: STATIC_DIR,
  trustProxy: config.trustProxy,
  logger: { level: config.logLevel, redact: ['req.headers.authorization'] },
});

if (seeded.generatedAdminPassword) {
  // Printed once: the first start creates the administrator; later starts never show it again.
  console.log(`\n  Administrator created: username "admin", password "${seeded.generatedAdminPassword}"`);
  console.log('  (set SEMA_ADMIN_PASSWORD before the first start to choose it)\n');
}

const close = async () => {
  await app.close();
  await db.close();
  process.exit(0);
};
process.on('SIGINT', close);
process.on('SIGTERM', close);

await app.listen({ port: config.port, host: config.host });
console.log(`  Sema is running: http://localhost:${config.port}/  (clinical site: http://clinical.localhost:${config.port}/)`);
console.log(`  Database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`}\n`);

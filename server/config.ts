// Start-up configuration, from the environment only: `npm start` never asks a question.
export interface ServerConfig {
  port: number;
  host: string;
  /** postgres://… ; absent = the embedded PGlite in dataDir. */
  databaseUrl?: string;
  dataDir: string;
  adminPassword?: string;
  smtpUrl?: string;
  /** The login captcha; false only with SEMA_CAPTCHA=off (automated tests, never a real site). */
  captcha: boolean;
  logLevel: string;
  /** Behind a reverse proxy: take the host and address from X-Forwarded-* (never set this when exposed directly). */
  trustProxy: boolean;
  /** The bearer token of GET /metrics (METRICS_TOKEN); absent = no /metrics. */
  metricsToken?: string;
  /** Background processes this process runs at once (SEMA_WORKERS, default 2; 0 = API only, `npm run worker` runs them). */
  workers: number;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 8080);
  const workers = Number(env.SEMA_WORKERS ?? 2);
  if (!Number.isInteger(workers) || workers < 0 || workers > 64) throw new Error(`SEMA_WORKERS must be a number from 0 to 64, not "${env.SEMA_WORKERS}"`);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, not "${env.PORT}"`);
  return {
    port,
    host: env.HOST || '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.SEMA_DATA_DIR || './.sema-data',
    adminPassword: env.SEMA_ADMIN_PASSWORD || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    captcha: env.SEMA_CAPTCHA !== 'off',
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    metricsToken: env.METRICS_TOKEN || undefined,
    workers,
  };
}

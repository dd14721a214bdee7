// Orders per second through the buyer's whole path (issue 10): add a bundle to the cart → order it with its
// agreement → pay by card (the test provider) → the bundle active with its credits. Buyers run in a child
// process (so they do not share the server's event loop), each one order after another, over HTTP; on the
// embedded database or DATABASE_URL.
import { fork } from 'node:child_process';
import { Agent, request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../../server/app.ts';
import { prepareDatabase } from '../../server/start.ts';
import { signInForTest } from '../server/harness.ts';
import { COUNTED_NOT_LIMITED } from './load.ts';
import shops from '../../fixtures/seed/shops.json' with { type: 'json' };

const BUYERS = 20;
const SECONDS = Number(process.env.BENCH_ORDER_SECONDS ?? 15);

interface Buyer {
  authorization: string;
  userId: string;
}
interface Run {
  origin: string;
  buyers: Buyer[];
  seconds: number;
}
interface Result {
  orders: number;
  errors: string[];
  latencies: number[];
}

const STARTER = shops.shops[0].bundle_list[0];
const SHOP = shops.shops[0].shop.shop_client_id;

const agent = new Agent({ keepAlive: true });

/** A POST as the site localhost (fetch may not set Host). */
function post(url: string, authorization: string, body: object): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', agent, headers: { 'content-type': 'application/json', host: 'localhost', authorization } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve(JSON.parse(text) as Record<string, unknown>));
    });
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

/** One buyer's loop: whole orders until time is up; answers the time each took. */
async function buyerLoop(origin: string, b: Buyer, until: number, result: Result): Promise<void> {
  const call = async (path: string, body: object) => {
    const answer = await post(`${origin}${path}`, b.authorization, body);
    if (answer.status_code !== '10000') throw new Error(`${path}: ${answer.status_code} ${answer.status_message}`);
    return answer;
  };
  while (Date.now() < until) {
    const started = performance.now();
    try {
      const cart = (await call('/v1/user/shopcart/bundle/add', { shop_client_id: SHOP, bundle_client_id: STARTER.bundle.bundle_client_id, user_client_id: b.userId, add_bundle_count: 1 })) as {
        shopcart_list: { shopcart_bundle_client_id: string }[];
      };
      const { order } = (await call('/v1/user/shopcart/bundle/product/order', {
        shop_client_id: SHOP,
        user_client_id: b.userId,
        shopcart_bundle_client_id_list: [cart.shopcart_list[0].shopcart_bundle_client_id],
        payment_method: 'credit_card',
        approved_agreement_list: [STARTER.agreement_list[0].agreement_client_id],
        idempotency_key: crypto.randomUUID(),
      })) as { order: { order_client_id: string } };
      const paid = (await call('/v1/user/shopcart/bundle/payment/record', {
        user_client_id: b.userId,
        order_client_id: order.order_client_id,
        payment_method: 'credit_card',
        idempotency_key: crypto.randomUUID(),
        card: { card_holder: 'Bench Buyer', card_number: '4242424242424242', card_month: 12, card_year: new Date().getFullYear() + 2, card_cvv: '123' },
      })) as { order_status: string };
      if (paid.order_status !== 'payment_approved') throw new Error(`order ${order.order_client_id} is ${paid.order_status}`);
      result.orders++;
      result.latencies.push(performance.now() - started);
    } catch (e) {
      result.errors.push((e as Error).message);
    }
  }
}

function runBuyers(run: Run): Promise<Result> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), ['--buyers'], { execArgv: ['--import', 'tsx'] });
    child.once('message', (m) => resolve(m as Result));
    child.send(run);
    child.once('error', reject);
    child.once('exit', (code) => code && reject(new Error(`buyers exited with ${code}`)));
  });
}

export async function ordersPerSecond(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sema-bench-orders-'));
  const { db } = await prepareDatabase({ dataDir, databaseUrl: process.env.DATABASE_URL, adminPassword: 'bench-password-long-enough' });
  const app = await buildApp({ db, monitoring: COUNTED_NOT_LIMITED });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const names = Array.from({ length: BUYERS }, (_, i) => `bench.buyer${i}`);
  try {
    const buyers: Buyer[] = [];
    for (const username of names) {
      const authorization = await signInForTest(db, { username });
      const [user] = await db.query<{ user_id: string }>("select user_id from app_user where username = $1 and tenant_id = (select tenant_id from tenant where domain = 'localhost')", [username]);
      buyers.push({ authorization, userId: user.user_id });
    }
    const r = await runBuyers({ origin, buyers, seconds: SECONDS });
    r.latencies.sort((a, b) => a - b);
    const at = (q: number) => r.latencies[Math.floor(r.latencies.length * q)] ?? 0;
    const database = db.kind === 'pglite' ? 'embedded PGlite' : 'PostgreSQL';
    console.log(
      `Orders through the whole path on ${database} (${BUYERS} buyers, ${SECONDS} s; cart → order → card payment → active): ${(r.orders / SECONDS).toFixed(1)} orders/s, ` +
        `p50 ${at(0.5).toFixed(0)} ms, p99 ${at(0.99).toFixed(0)} ms per order, ${r.errors.length} errors${r.errors.length ? ` (first: ${r.errors[0]})` : ''}`,
    );
  } finally {
    if (db.kind === 'postgres') {
      // A PostgreSQL database outlives the run: its buyers and their orders go, so the next run starts alike.
      await db.query("delete from shop_order where user_id in (select user_id from app_user where username like 'bench.buyer%')");
      await db.query("delete from shopcart where user_id in (select user_id from app_user where username like 'bench.buyer%')");
      await db.query("delete from credit_account where user_id in (select user_id from app_user where username like 'bench.buyer%')");
    }
    await app.close();
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.send && process.argv[2] === '--buyers') {
  process.once('message', async (run: Run) => {
    const result: Result = { orders: 0, errors: [], latencies: [] };
    const until = Date.now() + run.seconds * 1000;
    await Promise.all(run.buyers.map((b) => buyerLoop(run.origin, b, until, result)));
    process.send!(result);
    process.disconnect();
  });
}

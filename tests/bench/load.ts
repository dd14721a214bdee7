// A small closed-loop HTTP load generator, run in a child process so it does not share the server's
// event loop: `connections` keep-alive connections, each sending the next request when the last answers.
import http from 'node:http';
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface LoadOptions {
  url: string;
  host: string;
  method: 'GET' | 'POST';
  body?: string;
  connections: number;
  seconds: number;
}
export interface LoadResult {
  requests: number;
  errors: number;
  perSecond: number;
  p50ms: number;
  p99ms: number;
}

export function runLoad(options: LoadOptions): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(import.meta.url), [JSON.stringify(options)], { execArgv: ['--import', 'tsx'] });
    child.once('message', (m) => resolve(m as LoadResult));
    child.once('error', reject);
  });
}

async function generate(o: LoadOptions): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: o.connections });
  const latencies: number[] = [];
  let errors = 0;
  const end = Date.now() + o.seconds * 1000;
  const once = () =>
    new Promise<void>((done) => {
      const started = performance.now();
      const req = http.request(o.url, { method: o.method, agent, headers: { host: o.host, 'content-type': 'application/json' } }, (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode !== 200) errors++;
          latencies.push(performance.now() - started);
          done();
        });
      });
      req.on('error', () => {
        errors++;
        done();
      });
      req.end(o.body);
    });
  await Promise.all(
    Array.from({ length: o.connections }, async () => {
      while (Date.now() < end) await once();
    }),
  );
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { requests: latencies.length, errors, perSecond: latencies.length / o.seconds, p50ms: at(0.5), p99ms: at(0.99) };
}

if (process.send && import.meta.url === `file://${process.argv[1]}`) {
  process.send(await generate(JSON.parse(process.argv[2]) as LoadOptions));
  process.disconnect();
}

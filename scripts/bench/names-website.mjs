/** Budget: our names-website answer on one core >= 50 % of nginx serving the same bytes. */
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { need, requestsPerSecond, startServer, stop, waitFor, wrk } from './tools.mjs';

const OUR_PORT = 3901;
const NGINX_PORT = 3902;
const PATH = '/api/courses/names-website?course_type=2';

export async function runNamesWebsiteBench() {
  need('wrk');
  need('nginx');
  const server = await startServer(OUR_PORT);
  const body = await (await fetch(`http://127.0.0.1:${OUR_PORT}${PATH}`)).text();

  const root = mkdtempSync(join(tmpdir(), 'college-nginx-'));
  writeFileSync(join(root, 'names.json'), body);
  writeFileSync(
    join(root, 'nginx.conf'),
    `worker_processes 1; daemon off; pid ${root}/nginx.pid; error_log ${root}/error.log;
events { worker_connections 1024; }
http { access_log off; types { application/json json; }
  server { listen 127.0.0.1:${NGINX_PORT}; root ${root}; location / { } } }`,
  );
  const nginx = spawn('taskset', ['-c', '0', 'nginx', '-c', join(root, 'nginx.conf'), '-p', root], { stdio: 'inherit' });
  await waitFor(`http://127.0.0.1:${NGINX_PORT}/names.json`, 10_000);

  const args = ['-t1', '-c50', '-d10s'];
  wrk(['-t1', '-c10', '-d2s', `http://127.0.0.1:${OUR_PORT}${PATH}`]); // warm up the JIT
  const ours = requestsPerSecond(wrk([...args, `http://127.0.0.1:${OUR_PORT}${PATH}`]));
  const theirs = requestsPerSecond(wrk([...args, `http://127.0.0.1:${NGINX_PORT}/names.json`]));
  await Promise.all([stop(server), stop(nginx)]);

  const ratio = theirs ? ours / theirs : 0;
  console.log(`names-website (${body.length} bytes): ours ${ours.toFixed(0)} req/s, nginx ${theirs.toFixed(0)} req/s, ratio ${(ratio * 100).toFixed(0)} % (budget >= 50 %)`);
  if (ratio < 0.5) process.exitCode = 1;
}

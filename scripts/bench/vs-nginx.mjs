/**
 * Budgets: answers served by our server on one core >= 50 % of nginx (one core) serving the same
 * bytes from a file, in the same run: names-website (the menus), a server-rendered course page,
 * the widget script and a hashed site asset. A bare Node `http` server answering the same bytes from
 * memory is measured too: on this VM it is the ceiling any Node server can reach.
 */
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { need, requestsPerSecond, startServer, stop, waitFor, wrk } from './tools.mjs';

const OUR_PORT = 3901;
const NGINX_PORT = 3902;
const BARE_PORT = 3903;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const WRK_ARGS = ['-t1', '-c50', '-d4s'];

/** What is compared; `path` on our server, the same bytes saved as `file` for nginx and bare Node. */
async function targets(base) {
  const html = await (await fetch(`${base}/`)).text();
  const asset = /<script type="module"[^>]* src="(\/assets\/app-[^"]+\.js)"/.exec(html)?.[1];
  if (!asset) throw new Error('the home page names no app script');
  return [
    { label: 'names-website', path: '/api/courses/names-website?course_type=2', file: 'names.json', type: 'application/json' },
    { label: 'course page (SSR)', path: '/full-time/network-specialist-diploma', file: 'course.html', type: 'text/html' },
    { label: 'widget script', path: '/widget/college-inquiry.js', file: 'widget.js', type: 'text/javascript' },
    { label: 'site asset', path: asset, file: 'app.js', type: 'text/javascript' },
  ];
}

/** A Node server with nothing but `http`: each request answered from memory. */
function startBareNode(root, list) {
  const source = `
    const http = require('node:http'); const fs = require('node:fs');
    const bodies = new Map(${JSON.stringify(list.map((t) => ['/' + t.file, [join(root, t.file), t.type]]))}
      .map(([path, [file, type]]) => [path, [fs.readFileSync(file), type]]));
    http.createServer((req, res) => { const hit = bodies.get(req.url);
      if (!hit) { res.statusCode = 404; return res.end(); }
      res.setHeader('Content-Type', hit[1]); res.end(hit[0]); }).listen(${BARE_PORT}, '127.0.0.1');`;
  return spawn('taskset', ['-c', '0', process.execPath, '-e', source], { stdio: 'inherit' });
}

export async function runVsNginxBench() {
  need('wrk');
  need('nginx');
  const server = await startServer(OUR_PORT);
  const base = `http://127.0.0.1:${OUR_PORT}`;
  const list = await targets(base);
  const root = mkdtempSync(join(tmpdir(), 'college-nginx-'));
  chmodSync(root, 0o755); // nginx workers run as nobody when started by root
  for (const target of list) {
    // Identity bytes, as wrk asks without Accept-Encoding.
    const res = await fetch(base + target.path, { headers: { 'Accept-Encoding': 'identity' } });
    if (!res.ok) throw new Error(`${target.path} answered ${res.status}`);
    target.bytes = Buffer.from(await res.arrayBuffer());
    writeFileSync(join(root, target.file), target.bytes);
  }
  writeFileSync(
    join(root, 'nginx.conf'),
    `worker_processes 1; daemon off; pid ${root}/nginx.pid; error_log ${root}/error.log;
events { worker_connections 1024; }
http { access_log off; types { application/json json; text/html html; text/javascript js; }
  server { listen 127.0.0.1:${NGINX_PORT}; root ${root}; location / { } } }`,
  );
  const nginx = spawn('taskset', ['-c', '0', 'nginx', '-c', join(root, 'nginx.conf'), '-p', root], { stdio: 'inherit' });
  const bare = startBareNode(root, list);
  const results = [];
  try {
    await waitFor(`http://127.0.0.1:${NGINX_PORT}/${list[0].file}`, 10_000);
    await waitFor(`http://127.0.0.1:${BARE_PORT}/${list[0].file}`, 10_000);
    for (const target of list) {
      wrk(['-t1', '-c10', '-d2s', base + target.path]); // warm up the JIT
      const rounds = [];
      // The VM's speed drifts from minute to minute: alternate the servers, judge the median ratio.
      for (let round = 0; round < ROUNDS; round += 1) {
        const ours = requestsPerSecond(wrk([...WRK_ARGS, base + target.path]));
        const theirs = requestsPerSecond(wrk([...WRK_ARGS, `http://127.0.0.1:${NGINX_PORT}/${target.file}`]));
        const node = requestsPerSecond(wrk([...WRK_ARGS, `http://127.0.0.1:${BARE_PORT}/${target.file}`]));
        rounds.push({ ours, theirs, node, ratio: theirs ? ours / theirs : 0 });
      }
      const median = rounds.sort((a, b) => a.ratio - b.ratio)[Math.floor(rounds.length / 2)];
      results.push({ target, ...median });
    }
  } finally {
    await Promise.all([stop(server), stop(nginx), stop(bare)]);
  }

  console.log(`\nOne core each, wrk ${WRK_ARGS.join(' ')}, median of ${ROUNDS} alternating rounds (req/s):`);
  console.log('answer               bytes    ours    nginx  ratio  bare Node  ours/bare');
  for (const { target, ours, theirs, node, ratio } of results) {
    console.log(
      `${target.label.padEnd(19)} ${String(target.bytes.length).padStart(6)} ${ours.toFixed(0).padStart(7)} ${theirs.toFixed(0).padStart(8)} ${`${(ratio * 100).toFixed(0)} %`.padStart(6)} ${node.toFixed(0).padStart(10)} ${`${((ours / node) * 100).toFixed(0)} %`.padStart(10)}`,
    );
  }
  console.log(
    'Budget: ours >= 50 % of nginx. "bare Node" is node:http answering the same bytes from memory: the ceiling for any Node server here.',
  );
  if (results.some((result) => result.ratio < 0.5)) process.exitCode = 1;
}

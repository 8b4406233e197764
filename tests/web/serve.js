// serve.js -- `ddz serve` for the browser scripts (run.js, paint.js): started on a free port,
// quiet, with the options given; resolves to the process and its port once it listens.
import { spawn } from 'node:child_process';

/**
 * @param {string} bin the ddz binary
 * @param {string[]} [args] more options for ddz serve
 * @returns {Promise<{server: import('node:child_process').ChildProcess, port: number}>}
 */
export function startServer(bin, args = []) {
  const server = spawn(bin, ['serve', '--port', '0', '--quiet', ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let buf = '';
    server.stdout.on('data', (d) => {
      buf += d;
      const m = /listening on ws:\/\/[^:]+:(\d+)/.exec(buf);
      if (m) resolve({ server, port: Number(m[1]) });
    });
    server.on('exit', (code) => reject(new Error('ddz serve exited ' + code)));
    setTimeout(() => reject(new Error('ddz serve did not start')), 10000);
  });
}

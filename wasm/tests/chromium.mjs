// Helpers of the browser tests (not a test file): a static HTTP server, and the DOM of a page
// once its scripts ran in headless Chromium (Debian's `chromium`, or $CHROMIUM).
import { createServer } from 'node:http';
import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import path from 'node:path';

const TYPES = {
  '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.wasm': 'application/wasm',
  '.json': 'application/json',
};

/** Serves the files under `root` on 127.0.0.1 (a free port), and `extra`: path → body (`null`:
 *  not found). */
export async function serve(root, extra = {}) {
  const server = createServer(async (req, res) => {
    const url = new URL(req.url, 'http://localhost');
    const name = url.pathname.endsWith('/') ? `${url.pathname}index.html` : url.pathname;
    try {
      const body = Object.hasOwn(extra, url.pathname) ? extra[url.pathname] : await readFile(path.join(root, path.normalize(name)));
      if (body === null) throw new Error('not found');
      res.writeHead(200, { 'content-type': TYPES[path.extname(name)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

/** The page's DOM once its scripts ran (15 s of virtual time at most). Each run has a profile
 *  of its own: a second run on the default profile can find it still locked by the first one's
 *  exiting processes (seen in CI: the second Chromium exited at once). */
export async function dom(url) {
  const chromium = process.env.CHROMIUM ?? 'chromium';
  const profile = await mkdtemp(path.join(tmpdir(), 'securepay-chromium-'));
  try {
    const { stdout } = await promisify(execFile)(chromium, [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage',
      '--disable-background-networking', '--no-first-run', `--user-data-dir=${profile}`,
      '--virtual-time-budget=15000', '--dump-dom', url,
    ], { maxBuffer: 1 << 24, timeout: 120_000 });
    return stdout;
  } finally {
    await rm(profile, { recursive: true, force: true });
  }
}

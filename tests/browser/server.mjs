// A tiny static file server for a built site: directory indexes, the site's
// 404.html with status 404, nothing outside the served directory. Listens on
// 127.0.0.1 on a port the system picks. With `{ compress: true }` it gzips
// text as static hosts do, for audits that weigh what a reader downloads.

import http from 'node:http';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.xml': 'application/xml',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
};

async function fileAt(file) {
  try {
    const stat = await fs.stat(file);
    if (stat.isDirectory()) return fileAt(path.join(file, 'index.html'));
    return stat.isFile() ? file : null;
  } catch {
    return null;
  }
}

const COMPRESSED = new Set(['.html', '.css', '.js', '.mjs', '.json', '.svg', '.xml', '.txt', '.wasm']);

/** Serves `root`; resolves to { url, close() } once listening. */
export function serve(root, { compress = false } = {}) {
  const base = path.resolve(root);
  const server = http.createServer(async (req, res) => {
    let pathname;
    try {
      pathname = decodeURIComponent(new URL(req.url, 'http://localhost').pathname);
    } catch {
      res.writeHead(400).end();
      return;
    }
    const wanted = path.resolve(base, '.' + pathname);
    const inside = wanted === base || wanted.startsWith(base + path.sep);
    let file = inside ? await fileAt(wanted) : null;
    // A directory asked for without its trailing slash: redirect, as static hosts do,
    // so that the page's relative links resolve.
    if (file && !pathname.endsWith('/') && file.endsWith(path.sep + 'index.html') && !wanted.endsWith('index.html')) {
      res.writeHead(301, { Location: pathname + '/' }).end();
      return;
    }
    let status = 200;
    if (!file) {
      status = 404;
      file = await fileAt(path.join(base, '404.html'));
      if (!file) {
        res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
        return;
      }
    }
    let body = await fs.readFile(file);
    const ext = path.extname(file).toLowerCase();
    const headers = { 'Content-Type': TYPES[ext] || 'application/octet-stream', 'Cache-Control': 'no-store' };
    if (compress && COMPRESSED.has(ext) && /\bgzip\b/.test(req.headers['accept-encoding'] || '')) {
      body = gzipSync(body);
      headers['Content-Encoding'] = 'gzip';
      headers.Vary = 'Accept-Encoding';
    }
    headers['Content-Length'] = body.length;
    res.writeHead(status, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolve({
        url: `http://127.0.0.1:${port}/`,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections?.();
            server.close(() => done());
          }),
      });
    });
  });
}

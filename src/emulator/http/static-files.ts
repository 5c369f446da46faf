/**
 * A static site (the playground) served at `/` for GET paths that are not API routes:
 * content types by extension, `index.html` for folders, and no way out of the folder.
 */
import { readFile, realpath, stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import type { Reply } from './reply.js';

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
};

/** The file for a URL path inside `root`, or null when there is none (or the path tries to leave it). */
export async function staticFile(root: string, urlPath: string): Promise<Reply | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const base = resolve(root);
  let path = resolve(base, `.${decoded.startsWith('/') ? decoded : `/${decoded}`}`);
  if (path !== base && !path.startsWith(base + sep)) return null;
  try {
    if ((await stat(path)).isDirectory()) path = join(path, 'index.html');
    // A symbolic link inside the folder must not lead out of it either.
    const real = await realpath(path);
    const realBase = await realpath(base);
    if (!real.startsWith(realBase + sep)) return null;
    // Only a regular file: reading a named pipe would wait for a writer forever, holding one of libuv's four file threads.
    if (!(await stat(real)).isFile()) return null;
    const body = await readFile(real);
    return {
      status: 200,
      body,
      headers: {
        'Content-Type': TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream',
        'X-Content-Type-Options': 'nosniff',
      },
    };
  } catch {
    return null;
  }
}

/** Throws unless `root` is a folder: a missing one would answer 404 to every page without a word. */
export async function checkStaticFolder(root: string): Promise<void> {
  let code: string | undefined;
  try {
    if ((await stat(root)).isDirectory()) return;
  } catch (e) {
    code = (e as NodeJS.ErrnoException).code;
  }
  throw new Error(
    `the static folder ${root} is not a folder${code === undefined ? '' : ` (${code})`}`,
  );
}

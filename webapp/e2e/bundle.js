/** What the built webapp (dist/) makes a first visit load: the entry and the chunks index.html preloads. */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { WEBAPP } from './servers.js';

export const DIST = path.join(WEBAPP, 'dist');

/** The JavaScript files (paths under dist/) index.html loads or preloads. */
export function firstLoadFiles() {
  const html = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');
  return [...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
}

/** The text of a file under dist/. */
export const textOf = (file) => fs.readFileSync(path.join(DIST, file), 'utf8');

/** Its size gzipped, in bytes (as nginx sends it). */
export const gzipped = (file) => zlib.gzipSync(fs.readFileSync(path.join(DIST, file))).length;

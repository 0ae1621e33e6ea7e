// The engine's own answers, for comparing with what an explorable figure
// shows after a reader's edits: the `grundy` binary run on the same
// positions (`grundy value GAME POSITION --json`), never game logic
// rewritten here.
//
// The binary is $GRUNDY_BIN, else target/release/grundy (what CI builds the
// site with), else target/debug/grundy.

import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The path of the grundy binary the tests ask. */
export function grundyBinary() {
  const candidates = [
    process.env.GRUNDY_BIN,
    path.join(REPO, 'target', 'release', 'grundy'),
    path.join(REPO, 'target', 'debug', 'grundy'),
  ].filter(Boolean);
  const found = candidates.find((p) => existsSync(p));
  if (!found) throw new Error(`no grundy binary (tried ${candidates.join(', ')}): build it first`);
  return found;
}

const cache = new Map();

/** `grundy ARGS... --json`, parsed. */
export function engineJson(args) {
  const key = args.join('\u0000');
  if (!cache.has(key)) {
    const out = execFileSync(grundyBinary(), [...args, '--json'], { encoding: 'utf8' });
    cache.set(key, JSON.parse(out));
  }
  return cache.get(key);
}

/**
 * The engine's value and outcome of a position: `{value, outcome}`.
 * Positions in the calculator's notation: a row `TTHTH`, heaps `5,7,9`.
 */
export function engineValue(game, position) {
  const { value, outcome } = engineJson(['value', game, position]);
  return { value, outcome };
}

/** The engine's winning move from a position, as the calculator's JSON gives it. */
export function engineMove(game, position) {
  return engineJson(['move', game, position]);
}

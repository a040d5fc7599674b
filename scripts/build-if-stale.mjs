// `npm start`'s first step (scripts/start.mjs): builds the client and the server only
// when there is no build yet or the sources changed since the last one, so a restart
// of an installed instance starts at once. "Changed" is by content (a hash of every
// build input), not by file times, which a checkout or a copy does not keep. The
// stamp also keeps each input's size and modification time, as git's index does:
// when none of them moved, the inputs are not read at all (a restart only stats them).
// Plain JavaScript, run by node itself: it must cost next to nothing when there is
// nothing to do.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** What a build reads: the sources and the files that decide how they are built. */
const INPUTS = [
  'src/client',
  'src/server',
  'src/shared',
  'scripts/build-server.ts',
  'vite.config.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
];
/** What a build makes; missing, the build runs whatever the stamp says. */
const OUTPUTS = ['dist/server/main.js', 'dist/client/index.html'];
/** JSON: { content: hash of the inputs' names and bytes, stats: hash of their names, sizes and times }. */
const STAMP = path.join(root, 'dist', '.build-inputs');

/** Every input file (relative path) with its stat, in a fixed order. */
function* files(entry) {
  const full = path.join(root, entry);
  const stat = fs.statSync(full, { throwIfNoEntry: false });
  if (!stat) return;
  if (!stat.isDirectory()) {
    yield { file: entry, stat };
    return;
  }
  for (const name of fs.readdirSync(full).sort()) {
    // Tests are not part of what runs.
    if (/\.(test|spec)\.tsx?$/.test(name)) continue;
    yield* files(path.join(entry, name));
  }
}

function digest(inputs, part) {
  const hash = createHash('sha256');
  for (const input of inputs) hash.update(input.file).update('\0').update(part(input)).update('\0');
  return hash.digest('hex');
}

const statsOf = (inputs) => digest(inputs, ({ stat }) => `${stat.size}:${stat.mtimeMs}`);
const contentOf = (inputs) => digest(inputs, ({ file }) => fs.readFileSync(path.join(root, file)));

function readStamp() {
  try {
    return JSON.parse(fs.readFileSync(STAMP, 'utf8'));
  } catch {
    // None yet, or the one-line stamp of an older build: compared by content below.
    return {};
  }
}

/** Builds when needed; says which on stdout. Exits the process when the build fails. */
export function buildIfStale() {
  const inputs = INPUTS.flatMap((entry) => [...files(entry)]);
  const stats = statsOf(inputs);
  const built = OUTPUTS.every((f) => fs.existsSync(path.join(root, f)));
  const stamp = readStamp();
  if (built && stamp.stats === stats) {
    console.log('build is up to date');
    return;
  }
  const content = contentOf(inputs);
  if (built && stamp.content === content) {
    // Same bytes, new times (a checkout, a copy): remember the times.
    fs.writeFileSync(STAMP, `${JSON.stringify({ content, stats })}\n`);
    console.log('build is up to date');
    return;
  }
  console.log(built ? 'sources changed since the last build: building' : 'no build yet: building');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  fs.writeFileSync(STAMP, `${JSON.stringify({ content, stats })}\n`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) buildIfStale();

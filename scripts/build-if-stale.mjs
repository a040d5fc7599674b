// `npm start`'s first step: builds the client and the server only when there is no
// build yet or the sources changed since the last one, so a restart of an installed
// instance starts at once. "Changed" is by content (a hash of every build input), not
// by file times, which a checkout or a copy does not keep. Plain JavaScript, run by
// node itself: it must cost next to nothing when there is nothing to do.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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
const STAMP = path.join(root, 'dist', '.build-inputs');

function* files(entry) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return;
  if (!fs.statSync(full).isDirectory()) {
    yield entry;
    return;
  }
  for (const name of fs.readdirSync(full).sort()) {
    // Tests are not part of what runs.
    if (/\.(test|spec)\.tsx?$/.test(name)) continue;
    yield* files(path.join(entry, name));
  }
}

function inputsHash() {
  const hash = createHash('sha256');
  for (const entry of INPUTS) {
    for (const file of files(entry)) {
      hash
        .update(file)
        .update('\0')
        .update(fs.readFileSync(path.join(root, file)))
        .update('\0');
    }
  }
  return hash.digest('hex');
}

const wanted = inputsHash();
const built = OUTPUTS.every((f) => fs.existsSync(path.join(root, f)));
const stamp = fs.existsSync(STAMP) ? fs.readFileSync(STAMP, 'utf8').trim() : '';
if (built && stamp === wanted) {
  console.log('build is up to date');
} else {
  console.log(built ? 'sources changed since the last build: building' : 'no build yet: building');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  fs.writeFileSync(STAMP, `${wanted}\n`);
}

// npm run privacy:doc: writes the registry's tables (src/server/db/personal-data.ts)
// into docs/privacy.md, between its markers. personal-data.test.ts fails until it is run
// after a change to the registry.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DOC_PATH, withRegistry } from '../src/server/db/personal-data-doc.ts';

const file = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', DOC_PATH);
const before = fs.readFileSync(file, 'utf8');
const after = withRegistry(before);
if (after === before) console.log(`${DOC_PATH} is up to date`);
else {
  fs.writeFileSync(file, after);
  console.log(`${DOC_PATH} rewritten from the registry`);
}

/* After the browser tests: the axe counts each test file recorded (screenshots/axe/*.json, see a11y.js) in one
   screenshots/axe-summary.json, and a line with the totals. */
import fs from 'node:fs';
import path from 'node:path';
import { AXE_DIR } from './a11y.js';

const all = {};
for (const name of fs.existsSync(AXE_DIR) ? fs.readdirSync(AXE_DIR).sort() : []) {
  // Two files may check a screen of the same name in different states: both are kept, the later one named by file.
  for (const [screen, counts] of Object.entries(JSON.parse(fs.readFileSync(path.join(AXE_DIR, name), 'utf8')))) {
    all[screen in all ? `${screen} [${path.basename(name, '.json')}]` : screen] = counts;
  }
}
fs.writeFileSync(path.join(AXE_DIR, '..', 'axe-summary.json'), `${JSON.stringify(all, null, 1)}\n`);
const total = { critical: 0, serious: 0, moderate: 0, minor: 0 };
for (const counts of Object.values(all)) for (const k of Object.keys(total)) total[k] += counts[k];
console.log(`axe: ${Object.keys(all).length} screen states; ${Object.entries(total).map(([k, n]) => `${n} ${k}`).join(', ')}`);

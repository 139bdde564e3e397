/* Accessibility and layout checks inside the browser tests: axe-core (injected from node_modules, WCAG 2.1 A/AA)
   and the page's horizontal overflow. Counts per screen are kept in screenshots/axe/<test file>.json, one file
   per test file (the files run side by side, each in a process of its own); e2e/axe-summary.js adds them up. */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { SHOTS } from './browser.js';

const require = createRequire(import.meta.url);
// Evaluated through the DevTools protocol: the app's CSP (script-src 'self') refuses an injected <script>.
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
export const AXE_DIR = path.join(SHOTS, 'axe');
const RECORD = path.join(AXE_DIR, `${path.basename(process.argv[1] || 'other', '.js')}.json`);
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1360, height: 900 };
export const TABLET = { width: 768, height: 1024 };
// A tablet held sideways or a small laptop: the side menu and the projects tree show, and leave the main column
// narrower than a tablet's.
export const LAPTOP = { width: 1024, height: 768 };

/** axe's findings on the page as it is now: {serious, critical, moderate, minor, violations}. */
export async function axe(page) {
  if (!(await page.evaluate(() => typeof window.axe !== 'undefined'))) await page.evaluate(AXE_SOURCE);
  const result = await page.evaluate(() => window.axe.run(document, {
    runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    resultTypes: ['violations'],
  }));
  const counts = { critical: 0, serious: 0, moderate: 0, minor: 0 };
  for (const v of result.violations) counts[v.impact || 'minor'] += v.nodes.length;
  return { ...counts, violations: result.violations };
}

function record(screen, counts) {
  fs.mkdirSync(AXE_DIR, { recursive: true });
  const all = fs.existsSync(RECORD) ? JSON.parse(fs.readFileSync(RECORD, 'utf8')) : {};
  all[screen] = counts;
  fs.writeFileSync(RECORD, `${JSON.stringify(all, null, 1)}\n`);
}

const describeViolation = (v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`;

/** Fails on any serious or critical finding; records the counts of every impact for the screen, and what the
 *  lesser findings are (to be read in the summary without running the screen again). */
export async function assertAccessible(page, screen) {
  const found = await axe(page);
  const { violations, ...counts } = found;
  const lesser = violations.map(describeViolation);
  record(screen, lesser.length ? { ...counts, findings: lesser } : counts);
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (bad.length) throw new Error(`axe on ${screen}:\n${bad.map(describeViolation).join('\n')}`);
  return found;
}

// Boxes that scroll sideways by design: a row of tabs, a wide table, the Gantt's timeline.
const SIDEWAYS = '.tabs, .dt__scroll, .childlist__scroll, table.table, .gantt__scroll, .board__scroll, .effort__scroll, .timesheet__scroll, .import-scroll';

/** The page does not scroll sideways (its width fits the window), nor does a region of it other than the strips
 *  made to (the main column did, under a toolbar that did not wrap); nothing hangs off its left edge (that does
 *  not scroll: it is cut off, as a menu hung from a button that is not at the right edge was), and no control is
 *  cut off by a box that hides what overflows it (a clipped box does not widen the page). */
export async function assertNoOverflow(page, screen) {
  const { scroll, inner, culprits, cut, regions, clipped } = await page.evaluate((sideways) => {
    const w = window.innerWidth;
    const name = (el) => `${el.tagName.toLowerCase()}.${String(el.className).split(' ')[0]}`;
    // The outermost boxes that stick out: their parent does not (where a fix belongs).
    const wide = [...document.querySelectorAll('body *')].filter((el) => {
      const r = el.getBoundingClientRect();
      return r.right > w + 1 && getComputedStyle(el).position !== 'fixed' && el.parentElement.getBoundingClientRect().right <= w + 1;
    }).slice(0, 5).map((el) => `${name(el)} (${Math.round(el.getBoundingClientRect().right)})`);
    // Shown boxes left of the window (text for screen readers only is 1 px wide and clipped; a box scrolled out of
    // a strip that scrolls sideways is the strip's to show).
    const inScroller = (el) => {
      for (let p = el.parentElement; p; p = p.parentElement) {
        if (['auto', 'scroll', 'hidden', 'clip'].includes(getComputedStyle(p).overflowX)) return true;
      }
      return false;
    };
    const left = [...document.querySelectorAll('body *')].filter((el) => {
      const r = el.getBoundingClientRect();
      return r.left < -1 && r.width > 1 && r.height > 1 && el.parentElement.getBoundingClientRect().left >= -1
        && getComputedStyle(el).visibility !== 'hidden' && !inScroller(el);
    }).slice(0, 5).map((el) => `${name(el)} (${Math.round(el.getBoundingClientRect().left)})`);
    const shown = (el) => {
      const r = el.getBoundingClientRect();
      return r.width > 1 && r.height > 1 && getComputedStyle(el).visibility !== 'hidden';
    };
    // The outermost boxes past a scrolling region's edge, as above.
    const past = (box) => {
      const edge = box.getBoundingClientRect().left + box.clientWidth + 1;
      return [...box.querySelectorAll('*')].filter((el) => el.getBoundingClientRect().right > edge
        && el.parentElement.getBoundingClientRect().right <= edge).slice(0, 3).map(name).join(', ');
    };
    const regions = [...document.querySelectorAll('body *')].filter((el) => el.scrollWidth > el.clientWidth + 1
      && ['auto', 'scroll'].includes(getComputedStyle(el).overflowX) && !el.matches(sideways) && shown(el))
      .slice(0, 3).map((el) => `${name(el)} (${el.scrollWidth} px in ${el.clientWidth}: ${past(el)})`);
    // Controls beyond the edge of the nearest box that hides its overflow (one that scrolls shows them).
    const clipped = [];
    for (const el of document.querySelectorAll('button, a[href], input, select, textarea, [role=button]')) {
      if (!shown(el)) continue;
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const x = getComputedStyle(p).overflowX;
        if (x === 'auto' || x === 'scroll') break;
        if (x === 'hidden' || x === 'clip') {
          const r = el.getBoundingClientRect();
          const b = p.getBoundingClientRect();
          if (r.right > b.right + 1 || r.left < b.left - 1) clipped.push(`${name(el)} (${Math.round(r.left)}..${Math.round(r.right)} in ${name(p)} ${Math.round(b.left)}..${Math.round(b.right)})`);
          break;
        }
      }
    }
    return { scroll: document.documentElement.scrollWidth, inner: w, culprits: wide, cut: left, regions, clipped: clipped.slice(0, 3) };
  }, SIDEWAYS);
  if (scroll > inner) throw new Error(`${screen} scrolls sideways: ${scroll} px of content in ${inner} px (${culprits.join(', ')})`);
  if (cut.length) throw new Error(`${screen} is cut off on the left: ${cut.join(', ')}`);
  if (regions.length) throw new Error(`${screen}: a region scrolls sideways: ${regions.join('; ')}`);
  if (clipped.length) throw new Error(`${screen}: a control is cut off: ${clipped.join('; ')}`);
}

/** The ordinary words (narrower than 8em of their font) of the texts in `locator` that are broken across lines.
 *  `overflow-wrap: anywhere` breaks a word wherever its box is squeezed below it, as a name in a crowded table; only
 *  a longer word (an address, a file name) should break. What a box hides (a clamped title's last lines, text for
 *  screen readers only) is left out. */
export async function brokenWords(locator) {
  return locator.evaluateAll((els) => els.flatMap((el) => {
    const range = document.createRange();
    const out = [];
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      // The nearest box that hides what overflows it; a text it cuts short (an ellipsis, clamped lines) is left
      // out, as is a drawing's (the Gantt's SVG).
      let clip = null;
      let cut = node.parentElement instanceof SVGElement;
      for (let p = node.parentElement; p && !clip; p = p === el ? null : p.parentElement) {
        const style = getComputedStyle(p);
        if (style.overflow !== 'visible') {
          clip = p.getBoundingClientRect();
          cut = cut || style.textOverflow === 'ellipsis' || style.webkitLineClamp !== 'none';
        }
      }
      if (cut) continue;
      const em = parseFloat(getComputedStyle(node.parentElement).fontSize);
      for (const m of node.textContent.matchAll(/[^\s-]+/g)) { // a line may break after a hyphen
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const lines = [...range.getClientRects()].filter((r) => r.width > 0 && (!clip || (clip.width > 1
          && r.top >= clip.top - 1 && r.bottom <= clip.bottom + 1)));
        if (lines.length > 1 && lines.reduce((sum, r) => sum + r.width, 0) < 8 * em) out.push(m[0]);
      }
    }
    return out;
  }));
}

/** No ordinary word on the page is broken across lines (see brokenWords). Asked again for a second: a layout that
 *  is still settling (the metrics grid eases its panels to their width) may break one for a moment. */
export async function assertWordsWhole(page, screen) {
  let broken = [];
  for (let tries = 0; tries < 5; tries += 1) {
    broken = await brokenWords(page.locator('body'));
    if (!broken.length) return;
    await page.waitForTimeout(200);
  }
  throw new Error(`${screen}: words broken across lines where their box was squeezed: ${broken.slice(0, 8).join(', ')}`);
}

/** The one-line boxes on the page whose hint (placeholder) is cut short: wider than the box inside its padding,
 *  shown (empty, visible, the hint not made transparent), with no ellipsis to say so. As 'Search… (pr' says less
 *  than either 'Search…' or nothing. */
export async function cutPlaceholders(page) {
  return page.evaluate(() => {
    const ctx = document.createElement('canvas').getContext('2d');
    return [...document.querySelectorAll('input[placeholder]')].flatMap((el) => {
      const box = el.getBoundingClientRect();
      if (!el.placeholder || el.value || !box.width || !el.checkVisibility()) return [];
      const hint = getComputedStyle(el, '::placeholder');
      if (hint.color === 'rgba(0, 0, 0, 0)' || hint.color === 'transparent') return [];
      const style = getComputedStyle(el);
      if (style.textOverflow === 'ellipsis') return [];
      ctx.font = `${hint.fontStyle} ${hint.fontWeight} ${hint.fontSize} ${hint.fontFamily}`;
      const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const need = ctx.measureText(el.placeholder).width;
      return need > room + 1 ? [`'${el.placeholder}' (${Math.round(need)} px in ${Math.round(room)})`] : [];
    });
  });
}

/** No hint on the page is cut short (see cutPlaceholders). */
export async function assertPlaceholdersWhole(page, screen) {
  const cut = await cutPlaceholders(page);
  if (cut.length) throw new Error(`${screen}: hints cut short by their box: ${cut.join(', ')}`);
}

/** A row of tabs that scrolls sideways shows its open tab (else a page opened at a far tab hides where it is). */
export async function assertOpenTabShown(page, screen) {
  const hidden = await page.evaluate(() => [...document.querySelectorAll('.tabs')].map((strip) => {
    const on = strip.querySelector('.tabs__tab--on');
    if (!on) return null;
    const s = strip.getBoundingClientRect();
    const t = on.getBoundingClientRect();
    return t.left >= s.left - 1 && t.right <= s.right + 1 ? null : `${on.textContent} (${Math.round(t.left)}-${Math.round(t.right)} in ${Math.round(s.left)}-${Math.round(s.right)})`;
  }).filter(Boolean));
  if (hidden.length) throw new Error(`${screen}: the open tab is out of sight: ${hidden.join(', ')}`);
}

/** A row of tabs fades at an edge with tabs out of sight beyond it, and only there (TabNav; the class follows a
 *  resize or a scroll within a frame or two, so it is waited for a moment). */
export async function assertStripEdges(page, screen) {
  // `detail`: the strips that are wrong, else whether none is
  const strips = (detail) => {
    const wrong = [...document.querySelectorAll('.tabs')].map((strip, i) => {
      const room = strip.scrollWidth - strip.clientWidth;
      const want = [room > 1 && strip.scrollLeft > 1, room > 1 && strip.scrollLeft < room - 1];
      const faded = getComputedStyle(strip).maskImage !== 'none';
      const has = [strip.classList.contains('tabs--before'), strip.classList.contains('tabs--after')];
      return has[0] === want[0] && has[1] === want[1] && faded === (want[0] || want[1]) ? null
        : `strip ${i} (${Math.round(strip.scrollLeft)} of ${room} px scrolled): fades ${JSON.stringify(has)}, beyond ${JSON.stringify(want)}`;
    }).filter(Boolean);
    return detail ? wrong : wrong.length === 0;
  };
  const ok = await page.waitForFunction(strips, false, { timeout: 2000 }).then(() => true, () => false);
  if (!ok) throw new Error(`${screen}: a row of tabs does not fade where tabs are out of sight: ${(await page.evaluate(strips, true)).join('; ')}`);
}

/** The checks at once, for a screen shown at its current size. */
export async function checkScreen(page, screen) {
  await assertNoOverflow(page, screen);
  await assertOpenTabShown(page, screen);
  await assertStripEdges(page, screen);
  await assertWordsWhole(page, screen);
  await assertPlaceholdersWhole(page, screen);
  return assertAccessible(page, screen);
}

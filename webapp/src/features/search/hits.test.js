import { describe, expect, test } from 'vitest';
import {
  countLabel, fileTypeLabel, flatten, groupHits, hitHref, hitPageLabel, hitTag, hitTitle, kindLabel, modulePageHref,
  nextActive, resultsHref,
} from './hits.js';

const portal = { id: 4, name: '4RinEU', type: '4rineu_portal', level: 1, tab: 'portals' };
const project = { id: 5, name: 'Lisbon', type: '4rineu_project', level: 2, tab: 'projects' };
const phase = { id: 6, name: 'Phase 0', type: '4rineu_phase', level: 3, tab: 'phases' };
const task = { id: 9, name: 'Survey', type: '4rineu_task', level: 4, tab: 'tasks' };

const hit = (kind, id, module, ancestors, extra = {}) => ({
  kind, id, key: `${kind}-${id}`, module, ancestors, entryId: 4, platform: '4rineu', ...extra,
});

describe('grouping a page of hits by kind', () => {
  const hits = [hit('article', 1, project, [portal]), hit('module', 9, task, [portal, project, phase]),
    hit('article', 2, phase, [portal, project]), hit('comment', 3, project, [portal])];

  test('groups in the order of their best hit, hits in their order', () => {
    const groups = groupHits(hits, { article: 12, module: 1, comment: 4 });
    expect(groups.map((g) => [g.kind, g.label, g.total, g.hits.map((h) => h.id)])).toEqual([
      ['article', 'Articles', 12, [1, 2]], ['module', 'Items', 1, [9]], ['comment', 'Comments', 4, [3]],
    ]);
    expect(flatten(groups).map((h) => h.key)).toEqual(['article-1', 'article-2', 'module-9', 'comment-3']);
  });

  test('without counts a group counts its hits', () => {
    expect(groupHits(hits).map((g) => g.total)).toEqual([2, 1, 1]);
    expect(groupHits([])).toEqual([]);
    expect(groupHits(undefined)).toEqual([]);
  });

  test('labels', () => {
    expect(kindLabel('file')).toBe('File');
    expect(kindLabel('value', 3)).toBe('Fields');
    expect(kindLabel('poem', 2)).toBe('poems');
  });
});

describe('where a hit opens', () => {
  test('a module below a project opens as overlays over its real parents', () => {
    expect(modulePageHref(hit('module', 9, task, [portal, project, phase]))).toBe('/portal/4/projects/5/phases/6/tasks/9');
    expect(modulePageHref(hit('module', 5, project, [portal]))).toBe('/portal/4/projects/5');
    expect(modulePageHref(hit('module', 4, portal, []))).toBe('/portal/4/module/4');
  });

  test('someone who enters by a project has it as the base', () => {
    const h = hit('module', 9, task, [project, phase], { entryId: 5 });
    expect(modulePageHref(h)).toBe('/portal/5/projects/6/tasks/9');
  });

  test('the platform gives the base', () => {
    expect(modulePageHref(hit('module', 5, project, [portal], { platform: 'calibr' }))).toBe('/calibr/4/projects/5');
  });

  test('each kind to its place', () => {
    expect(hitHref(hit('article', 7, phase, [portal, project]))).toBe('/portal/4/projects/5/phases/6/knowledge/reader/7');
    expect(hitHref(hit('file', 8, project, [portal]))).toBe('/portal/4/projects/5/files?hit=file-8&preview=1');
    expect(hitHref(hit('reference', 2, project, [portal]))).toBe('/portal/4/projects/5/references?hit=reference-2');
    expect(hitHref(hit('comment', 3, portal, []))).toBe('/portal/4/module/4/comments?hit=comment-3');
    expect(hitHref(hit('value', 1, project, [portal]))).toBe('/portal/4/projects/5');
  });

  test('a file opens its preview, at the page of the words when the hit has one', () => {
    expect(hitHref(hit('file', 8, project, [portal], { fileType: 'pdf', page: 12 })))
      .toBe('/portal/4/projects/5/files?hit=file-8&preview=1&page=12');
    expect(hitHref(hit('file', 8, project, [portal], { fileType: 'pdf', page: null })))
      .toBe('/portal/4/projects/5/files?hit=file-8&preview=1');
  });

  test('the results page', () => {
    expect(resultsHref('heat pump')).toBe('/search?q=heat+pump');
    expect(resultsHref('"a" & b', 5)).toBe('/search?q=%22a%22+%26+b&module=5');
  });
});

describe('moving through the options', () => {
  test('down from none is the first, up from none the last, round the ends', () => {
    expect(nextActive(-1, 4, 1)).toBe(0);
    expect(nextActive(-1, 4, -1)).toBe(3);
    expect(nextActive(3, 4, 1)).toBe(0);
    expect(nextActive(0, 4, -1)).toBe(3);
    expect(nextActive(1, 4, 1)).toBe(2);
    expect(nextActive(2, 0, 1)).toBe(-1);
  });
});

describe('what a hit is called', () => {
  test('title, field label, comment author, kind; a module by its type', () => {
    expect(hitTitle({ kind: 'article', title: 'Guide' })).toBe('Guide');
    expect(hitTitle({ kind: 'value', title: '', label: 'Energy class' })).toBe('Energy class');
    expect(hitTitle({ kind: 'comment', title: '', author: { id: 1, name: 'Ada' } })).toBe('Comment by Ada');
    expect(hitTitle({ kind: 'comment', title: '', author: null })).toBe('Comment');
    expect(hitTag({ kind: 'module', module: { typeLabel: 'Task' } })).toBe('Task');
    expect(hitTag({ kind: 'file', module: { typeLabel: 'Task' } })).toBe('File');
  });

  test('a file by its type, \'File\' for other types; the page of its words', () => {
    expect(hitTag({ kind: 'file', fileType: 'spreadsheet' })).toBe('Spreadsheet');
    expect(hitTag({ kind: 'file', fileType: 'other' })).toBe('File');
    expect(hitTag({ kind: 'file', fileType: 'hologram' })).toBe('File');
    expect(fileTypeLabel('image', 2)).toBe('Images');
    expect(fileTypeLabel('other', 2)).toBe('Other');
    expect(hitPageLabel({ kind: 'file', fileType: 'pdf', page: 3 })).toBe('Page 3');
    expect(hitPageLabel({ kind: 'file', fileType: 'presentation', page: 2 })).toBe('Slide 2');
    expect(hitPageLabel({ kind: 'file', fileType: 'text', page: null })).toBeNull();
    expect(hitPageLabel({ kind: 'article' })).toBeNull();
  });
});

describe('countLabel', () => {
  test('the total with thousands apart, and a + beyond the server\'s cap', () => {
    expect(countLabel({ total: 14 })).toBe('14');
    expect(countLabel({ total: 1000, totalIsApproximate: false })).toBe('1,000');
    expect(countLabel({ total: 1000, totalIsApproximate: true })).toBe('1,000+');
    expect(countLabel(undefined)).toBe('0');
  });
});

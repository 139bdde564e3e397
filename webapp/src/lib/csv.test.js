import { afterEach, describe, expect, test, vi } from 'vitest';
import { BOM, csvField, csvFileName, downloadCsv, isoDate, isoDay, plainText, slug, toCsv } from './csv.js';

describe('csvField', () => {
  test('plain text, numbers and nothing stay as they are', () => {
    expect(csvField('Building survey')).toBe('Building survey');
    expect(csvField(1536)).toBe('1536');
    expect(csvField(0)).toBe('0');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField(Number.NaN)).toBe('');
  });

  test('a comma, a quote or a line break is quoted, with quotes doubled', () => {
    expect(csvField('Lisbon, Portugal')).toBe('"Lisbon, Portugal"');
    expect(csvField('the "A" class')).toBe('"the ""A"" class"');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('two\r\nlines')).toBe('"two\r\nlines"');
    expect(csvField('"')).toBe('""""');
  });

  test.each([
    ['=SUM(A1:A9)', "'=SUM(A1:A9)"],
    ['+33 1 23', "'+33 1 23"],
    ['-1+2', "'-1+2"],
    ['@cmd', "'@cmd"],
    ['\tindented', "'\tindented"],
    ['=HYPERLINK("http://x","click")', '"\'=HYPERLINK(""http://x"",""click"")"'],
    ['=1,2', '"\'=1,2"'],
    ['\rreturn', '"\'\rreturn"'],
  ])('formula-looking %j is escaped with a single quote: %j', (input, out) => expect(csvField(input)).toBe(out));

  test('formula characters elsewhere, and numbers (even negative), are left alone', () => {
    expect(csvField('a=b')).toBe('a=b');
    expect(csvField('e-mail@demo.eu')).toBe('e-mail@demo.eu');
    expect(csvField(-5)).toBe('-5');
    expect(csvField('-5')).toBe("'-5");
  });

  test('unicode passes through untouched', () => {
    expect(csvField('Façade module design')).toBe('Façade module design');
    expect(csvField('Émile Zoła – ĄĘ 東京 🏠')).toBe('Émile Zoła – ĄĘ 東京 🏠');
    expect(csvField('m²')).toBe('m²');
  });
});

describe('plainText', () => {
  test('lists, booleans, labelled objects and dates as text', () => {
    expect(plainText(['A', null, 'B'])).toBe('A; B');
    expect(plainText(true)).toBe('Yes');
    expect(plainText(false)).toBe('No');
    expect(plainText({ name: 'IN_PROGRESS', label: 'In Progress' })).toBe('In Progress');
    expect(plainText({})).toBe('');
    expect(plainText(new Date(Date.UTC(2026, 10, 25, 9, 30)))).toBe('2026-11-25T09:30:00.000Z');
  });
});

describe('toCsv', () => {
  test('a BOM, a header line, CRLF line ends and a CRLF at the end', () => {
    const text = toCsv(['ID', 'Name', 'Size'], [[1, 'Façade, east', 2048], [2, '=cmd', null]]);
    expect(text).toBe(`${BOM}ID,Name,Size\r\n1,"Façade, east",2048\r\n2,'=cmd,\r\n`);
    // UTF-8 with its byte order mark: EF BB BF, then 'ç' as C3 A7
    const bytes = new TextEncoder().encode(text);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(Buffer.from(bytes).includes(Buffer.from([0xc3, 0xa7]))).toBe(true);
  });

  test('headers are escaped like any field; no rows gives the header alone', () => {
    expect(toCsv(['Created, on', '@who'], [])).toBe(`${BOM}"Created, on",'@who\r\n`);
  });
});

describe('file names and dates', () => {
  test('the name says what it holds and the day', () => {
    const day = new Date(2026, 10, 25, 23, 59);
    expect(isoDay(day)).toBe('2026-11-25');
    expect(csvFileName(['tasks', '4RinEU Consortium'], day)).toBe('tasks-4rineu-consortium-2026-11-25.csv');
    expect(csvFileName(['files', 'Lisbon demo case – social housing block'], day)).toBe('files-lisbon-demo-case-social-housing-block-2026-11-25.csv');
    expect(csvFileName('members', day)).toBe('members-2026-11-25.csv');
    expect(csvFileName(['', null, '///'], day)).toBe('table-2026-11-25.csv');
    expect(slug('Émile / Ångström: Façade')).toBe('emile-angstrom-facade');
    expect(slug('x'.repeat(80))).toHaveLength(60);
  });

  test('isoDate: the day of an API date', () => {
    expect(isoDate('2026-11-25')).toBe('2026-11-25');
    expect(isoDate('2026-11-25T10:00:00+00:00')).toBe('2026-11-25');
    expect(isoDate(null)).toBe('');
    expect(isoDate('soon')).toBe('');
  });
});

describe('downloadCsv', () => {
  afterEach(() => vi.restoreAllMocks());

  test('saves a text/csv blob under the name through a link click', () => {
    const blobs = [];
    URL.createObjectURL = vi.fn((b) => { blobs.push(b); return 'blob:x'; });
    URL.revokeObjectURL = vi.fn();
    const clicked = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function click() { clicked.push([this.download, this.href]); });
    downloadCsv('tasks-2026-11-25.csv', toCsv(['A'], [['b']]));
    expect(clicked).toEqual([['tasks-2026-11-25.csv', 'blob:x']]);
    expect(blobs[0].type).toBe('text/csv;charset=utf-8');
    expect(document.querySelector('a[download]')).toBeNull();
  });
});

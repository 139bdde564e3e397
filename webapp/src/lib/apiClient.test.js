import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import api, { KEPT_READS_MAX, forgetKeptReads, getItem, getList } from './apiClient.js';
import http from './httpClient.js';
import { clearSession, writeSession } from './session.js';

/**
 * A fake server behind axios: `answers` maps a url to [status, body, etag]; every request is recorded.
 * It settles as axios' own adapters do, through the request's validateStatus.
 */
let answers;
let seen;
const realAdapter = http.defaults.adapter;

function fakeAdapter(config) {
  const headers = { ...(config.headers && config.headers.toJSON ? config.headers.toJSON() : config.headers) };
  seen.push({ url: config.url, ifNoneMatch: headers['If-None-Match'] || null, auth: headers.Authorization || null });
  const [status, body, etag] = answers[config.url] || [404, { error: 'Not found' }];
  const matches = etag && headers['If-None-Match'] === etag;
  const response = {
    status: matches ? 304 : status,
    statusText: matches ? 'Not Modified' : 'OK',
    data: matches ? '' : body,
    headers: etag ? { etag, 'cache-control': 'private, no-cache' } : {},
    config,
    request: {},
  };
  return config.validateStatus(response.status)
    ? Promise.resolve(response)
    : Promise.reject(Object.assign(new Error(`Request failed with status code ${response.status}`), { response, config }));
}

const signIn = (token) => writeSession(token, new Date(Date.now() + 3600 * 1000));

beforeEach(() => {
  answers = {};
  seen = [];
  http.defaults.adapter = fakeAdapter;
  forgetKeptReads();
  signIn('token-ada');
});

afterEach(() => {
  http.defaults.adapter = realAdapter;
  clearSession();
});

describe('conditional GET of module/view and module/list', () => {
  test('the second read sends If-None-Match and a 304 resolves as a 200 with the kept body', async () => {
    answers['/api/module/view/5'] = [200, { item: { id: 5, name: 'Lisbon' } }, '"v1"'];
    const first = await api.get('/api/module/view/5');
    expect(first.status).toBe(200);
    expect(seen[0].ifNoneMatch).toBeNull();

    const second = await api.get('/api/module/view/5');
    expect(seen[1].ifNoneMatch).toBe('"v1"');
    expect(second.status).toBe(200);
    expect(second.notModified).toBe(true);
    expect(second.data).toEqual({ item: { id: 5, name: 'Lisbon' } });
    // the helpers read it like any answer
    expect(await getItem('/api/module/view/5')).toEqual({ id: 5, name: 'Lisbon' });
  });

  test('a changed module answers 200 with a new tag, which replaces the kept one', async () => {
    answers['/api/module/list/5'] = [200, { list: [{ id: 6 }] }, 'W/"a"'];
    await getList('/api/module/list/5');
    answers['/api/module/list/5'] = [200, { list: [{ id: 6 }, { id: 7 }] }, 'W/"b"'];
    expect(await getList('/api/module/list/5')).toEqual([{ id: 6 }, { id: 7 }]);
    expect(seen[1].ifNoneMatch).toBe('W/"a"'); // weak tags go back as they came
    expect(await getList('/api/module/list/5')).toEqual([{ id: 6 }, { id: 7 }]);
    expect(seen[2].ifNoneMatch).toBe('W/"b"');
  });

  test('only module/view and module/list, only GET, and only with a tag', async () => {
    answers['/api/feed/list/5'] = [200, { list: [] }, '"f"'];
    answers['/api/module/view/5?x=1'] = [200, { item: {} }, '"q"'];
    answers['/api/module/view/6'] = [200, { item: { id: 6 } }];
    for (let i = 0; i < 2; i += 1) {
      await api.get('/api/feed/list/5');
      await api.get('/api/module/view/5?x=1');
      await api.get('/api/module/view/6');
    }
    expect(seen.every((r) => r.ifNoneMatch === null)).toBe(true);
    answers['/api/module/edit/5'] = [200, { item: { id: 5 } }, '"e"'];
    await api.post('/api/module/edit/5', {});
    await api.post('/api/module/edit/5', {});
    expect(seen.slice(-1)[0].ifNoneMatch).toBeNull();
  });

  test('sign-out forgets everything; another user never gets the kept bodies', async () => {
    answers['/api/module/view/5'] = [200, { item: { id: 5 } }, '"v1"'];
    await api.get('/api/module/view/5');
    forgetKeptReads();
    await api.get('/api/module/view/5');
    expect(seen[1].ifNoneMatch).toBeNull();

    signIn('token-bob');
    await api.get('/api/module/view/5');
    expect(seen[2].ifNoneMatch).toBeNull();
    expect(seen[2].auth).toBe('Bearer token-bob');
    await api.get('/api/module/view/5');
    expect(seen[3].ifNoneMatch).toBe('"v1"');
  });

  test('an error keeps nothing, and a failed read is still an error', async () => {
    answers['/api/module/view/9'] = [403, { error: 'No access' }, '"x"'];
    await expect(api.get('/api/module/view/9')).rejects.toMatchObject({ response: { status: 403 } });
    await expect(api.get('/api/module/view/9')).rejects.toMatchObject({ response: { status: 403 } });
    expect(seen[1].ifNoneMatch).toBeNull();
  });

  test('at most KEPT_READS_MAX bodies are kept, the least recently used go first', async () => {
    for (let i = 1; i <= KEPT_READS_MAX + 1; i += 1) {
      answers[`/api/module/view/${i}`] = [200, { item: { id: i } }, `"t${i}"`];
      await api.get(`/api/module/view/${i}`);
      if (i === KEPT_READS_MAX) await api.get('/api/module/view/1'); // 1 is used again: 2 becomes the oldest
    }
    seen = [];
    await api.get('/api/module/view/1');
    await api.get('/api/module/view/2');
    expect(seen.map((r) => r.ifNoneMatch)).toEqual(['"t1"', null]);
  });
});

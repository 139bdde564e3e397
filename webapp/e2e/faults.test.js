/* serverFaults: what in a stack's logs fails a browser test file (no browser here). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { serverFaults } from './servers.js';

test('answers 5xx and tracebacks are faults; other answers and warnings are not', () => {
  const api = [
    '127.0.0.1 - - [27/Nov/2026:07:30:00 +0000] "GET /api/module/view/4 HTTP/1.0" 200 5120 "-" "Chrome"',
    '127.0.0.1 - - [27/Nov/2026:07:30:01 +0000] "POST /api/module/add/4/x HTTP/1.0" 422 80 "-" "Chrome"',
    '127.0.0.1 - - [27/Nov/2026:07:30:02 +0000] "GET /api/search?q=500 HTTP/1.0" 200 99 "-" "Chrome"',
    '127.0.0.1 - - [27/Nov/2026:07:30:03 +0000] "GET /api/feed/list/4 HTTP/1.0" 500 40 "-" "Chrome"',
    '[2026-11-27 07:30:04 +0000] [11775] [WARNING] Sign-in limits are counted per worker',
  ].join('\n');
  const huey = [
    '[2026-11-27 07:30:05] ERROR:huey:Worker-1:Unhandled exception in task abc.',
    'Traceback (most recent call last):',
    '  File "/work/api/tasks.py", line 10, in deliver',
    '    send(x)',
    'KeyError: \'url\'',
    '[2026-11-27 07:30:06] INFO:huey:Worker-1:Executing api.tasks.sweep',
  ].join('\n');
  const faults = serverFaults([api, huey]);
  assert.equal(faults.length, 2);
  assert.match(faults[0], /"GET \/api\/feed\/list\/4 HTTP\/1.0" 500 /);
  assert.equal(faults[1].split('\n').length, 4);
  assert.match(faults[1], /^Traceback[^]*KeyError: 'url'$/);
  assert.deepEqual(serverFaults([api.split('\n').filter((l) => !l.includes(' 500 ')).join('\n')]), []);
});

test("gunicorn's errors and nginx's alerts are faults; nginx's errors and notices are not", () => {
  const gunicorn = [
    '[2026-11-27 09:20:00 +0000] [200] [INFO] Handling signal: term',
    '[2026-11-27 09:20:01 +0000] [200] [CRITICAL] WORKER TIMEOUT (pid:201)',
    '[2026-11-27 09:20:02 +0000] [200] [ERROR] Worker (pid:201) was sent SIGKILL! Perhaps out of memory?',
  ].join('\n');
  const nginxAccess = [
    '127.0.0.1 - - [27/Nov/2026:09:20:01 +0000] "GET /api/module/view/4 HTTP/1.1" 502 150 "-" "Chrome"',
    '127.0.0.1 - - [27/Nov/2026:09:20:03 +0000] "GET /live/u/7 HTTP/1.1" 499 0 "-" "Chrome"',
  ].join('\n');
  const nginxErrors = [
    '2026/11/27 09:20:03 [error] 21#21: *9 client intended to send too large body: 9437184 bytes',
    '2026/11/27 09:20:03 [warn] 21#21: *9 a client request body is buffered to a temporary file',
    '2026/11/27 09:20:04 [alert] 20#20: worker process 21 exited on signal 11',
  ].join('\n');
  const faults = serverFaults([gunicorn, nginxAccess, nginxErrors]);
  assert.deepEqual(faults.map((f) => f.match(/\[CRITICAL\]|\[ERROR\]|" 502 |\[alert\]/)[0]),
    ['[CRITICAL]', '[ERROR]', '" 502 ', '[alert]']);
});

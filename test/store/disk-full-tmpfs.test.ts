import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, openSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { type Client, inbox, send, settle, setupClient } from '../helpers/client.ts';
import { describeEachDb } from '../helpers/db.ts';
import { startTestGateway, type TestGateway } from '../helpers/gateway.ts';
import { png } from '../helpers/images.ts';
import { postForm } from '../helpers/multipart.ts';

/*
 * A real full disk: the data folder (uploads, and on SQLite the database and its WAL) on a small
 * tmpfs filled to its last block. Mounting one takes root (CAP_SYS_ADMIN): where it cannot be
 * mounted the test is skipped, saying so; storage-full.test.ts covers the same answers on every
 * machine with the database's own ceiling.
 */

const SIZE = '8m';

function mountable(dir: string): string | false {
  mkdirSync(dir, { recursive: true });
  const r = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${SIZE},mode=0700`, 'tmpfs', dir]);
  if (r.status !== 0) return `cannot mount a tmpfs here: ${String(r.stderr).trim() || 'not root'}`;
  return false;
}

/** Writes a file until the file system has no room left; answers its path. */
function fillUp(dir: string): string {
  const path = join(dir, 'filler');
  const fd = openSync(path, 'w');
  const chunk = Buffer.alloc(64 * 1024);
  try {
    for (;;) {
      try {
        writeSync(fd, chunk);
      } catch {
        break;
      }
    }
    // And the last few bytes a whole chunk did not fit in.
    for (;;) {
      try {
        writeSync(fd, chunk.subarray(0, 512));
      } catch {
        break;
      }
    }
  } finally {
    closeSync(fd);
  }
  return path;
}

describeEachDb('a full disk under the data folder', (db) => {
  const dir = join(db.dir, `tmpfs-${db.dialect}`);
  const skip = mountable(dir);
  let t: TestGateway;
  let c: Client;

  before(async () => {
    if (skip) return;
    t = await startTestGateway(db, {
      env: {
        OMNIGATE_DATA_DIR: dir,
        ...(db.dialect === 'sqlite' ? { DATABASE_URL: `sqlite:${join(dir, 'omnigate.db')}` } : {}),
      },
    });
    c = await setupClient(t, 'tmpfs');
  });
  after(async () => {
    if (skip) return;
    await t?.close();
    spawnSync('umount', [dir]);
    rmSync(dir, { recursive: true, force: true });
  });

  test('sends and uploads answer 503 A911, /readyz 503, and all comes back once space is freed', {
    skip,
  }, async () => {
    const first = await send(t, c, {
      destinations: [{ to: '01077000001' }],
      messageFlow: [{ sms: { from: c.sender, text: 'before the disk filled' } }],
    });
    assert.equal(first.statusCode, 200, first.body);
    await settle(t);
    const filler = fillUp(dir);

    const upload = await postForm(
      t,
      '/api/comm/v1/file/rcs',
      [{ name: 'file', bytes: png(1200, 1200, 200_000), filename: 'big.png', type: 'image/png' }],
      c.apiKey,
    );
    if (db.dialect === 'sqlite') {
      // Uploads live in the database (migration 0030), here on the full disk.
      assert.equal(upload.statusCode, 503, upload.body);
      assert.equal(upload.json<{ data: { code: string } }>().data.code, 'A911');
    } else {
      // On PostgreSQL the uploads live in the database, off the full data folder: taken.
      assert.equal(upload.statusCode, 200, upload.body);
    }
    if (db.dialect === 'sqlite') {
      // The database itself is on the full disk: a send needs its WAL to grow.
      const refused = await send(t, c, {
        destinations: Array.from({ length: 200 }, (_, i) => ({ to: `0107800${String(i).padStart(4, '0')}` })),
        messageFlow: [{ sms: { from: c.sender, text: 'y'.repeat(80) } }],
      });
      assert.equal(refused.statusCode, 503, refused.body);
      assert.equal(refused.json<{ data: { code: string } }>().data.code, 'A911');
      assert.equal((await t.request({ method: 'GET', url: '/readyz' })).statusCode, 503);
    }

    rmSync(filler);
    assert.equal(
      (await t.request({ method: 'GET', url: '/readyz' })).statusCode,
      200,
      'ready again by itself',
    );
    const again = await postForm(
      t,
      '/api/comm/v1/file/rcs',
      [{ name: 'file', bytes: png(1200, 1200, 1000), filename: 'ok.png', type: 'image/png' }],
      c.apiKey,
    );
    assert.equal(again.statusCode, 200, again.body);
    const later = await send(t, c, {
      destinations: [{ to: '01077000002' }],
      messageFlow: [{ sms: { from: c.sender, text: 'after' } }],
    });
    assert.equal(later.statusCode, 200, later.body);
    await settle(t);
    assert.deepEqual(
      (await inbox(t, '01077000001')).map((m) => m.text),
      ['before the disk filled'],
    );
    assert.deepEqual(
      (await inbox(t, '01077000002')).map((m) => m.text),
      ['after'],
    );
  });
});

import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { keyFileMode, masterKeyId, resolveMasterKeys, SECRET_KEY_FILE } from '../../src/crypto/master-key.ts';
import { type BoxKey, keyIdOf, open, SecretBoxError, seal } from '../../src/crypto/secret-box.ts';

const k = (id: string, fill: number): BoxKey => ({ id, key: Buffer.alloc(32, fill) });

test('a sealed value names its key, opens with it for its context only, and never shows the text', () => {
  const a = k('dkA', 1);
  const sealed = seal(a, 'webhook-secret-value', 'accounts.webhook_secret:acc_1');
  assert.match(sealed, /^v1\.dkA\.[A-Za-z0-9_-]+$/);
  assert.ok(!sealed.includes('webhook-secret-value'));
  assert.equal(keyIdOf(sealed), 'dkA');
  assert.equal(open(a, sealed, 'accounts.webhook_secret:acc_1').toString(), 'webhook-secret-value');
  // A random IV each time: the same text seals differently.
  assert.notEqual(seal(a, 'webhook-secret-value', 'x'), seal(a, 'webhook-secret-value', 'x'));
  // Another row's context, another key under the same id, a changed byte, another key id: refused.
  assert.throws(() => open(a, sealed, 'accounts.webhook_secret:acc_2'), SecretBoxError);
  assert.throws(() => open(k('dkA', 2), sealed, 'accounts.webhook_secret:acc_1'), SecretBoxError);
  const body = sealed.split('.')[2] ?? '';
  const flipped = `${body.slice(0, 10)}${body[10] === 'A' ? 'B' : 'A'}${body.slice(11)}`;
  assert.throws(() => open(a, `v1.dkA.${flipped}`, 'accounts.webhook_secret:acc_1'), SecretBoxError);
  assert.throws(() => open(k('dkB', 1), `v1.dkB.${body}`, 'accounts.webhook_secret:acc_1'), SecretBoxError);
  assert.throws(() => keyIdOf('plain-secret'), SecretBoxError);
});

test('the key file: generated once with mode 0600, kept, refused when it is not a key', () => {
  const dir = mkdtempSync(join(tmpdir(), 'omnigate-key-'));
  try {
    const config = loadConfig({ OMNIGATE_DATA_DIR: dir });
    const first = resolveMasterKeys(config);
    assert.equal(first.generated, true);
    assert.equal(first.source, 'file');
    const file = join(dir, SECRET_KEY_FILE);
    assert.equal(keyFileMode(file), 0o600);
    const hex = readFileSync(file, 'utf8').trim();
    assert.equal(first.current.id, masterKeyId(Buffer.from(hex, 'hex')));
    const again = resolveMasterKeys(config);
    assert.equal(again.generated, false);
    assert.equal(again.current.id, first.current.id);
    // The environment wins over the file.
    const env = resolveMasterKeys(
      loadConfig({ OMNIGATE_DATA_DIR: dir, OMNIGATE_SECRET_KEY: 'ee'.repeat(32) }),
    );
    assert.equal(env.source, 'env');
    assert.notEqual(env.current.id, first.current.id);
    writeFileSync(file, 'not a key\n');
    assert.throws(
      () => resolveMasterKeys(config),
      (e: unknown) => e instanceof ConfigError && e.message.includes(file),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

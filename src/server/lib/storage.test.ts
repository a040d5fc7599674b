import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config/env.ts';
import { startTestS3 } from '../test/s3-server.ts';
import { S3Storage } from './s3-storage.ts';
import { DiskStorage, type FileStorage } from './storage.ts';

const dir = path.join(os.tmpdir(), `rally-storage-${process.pid}-${Date.now()}`);
afterAll(() => fsp.rm(dir, { recursive: true, force: true }));

describe('DiskStorage.put', () => {
  it('flushes the bytes to disk before the file appears under its name', async () => {
    const storage = new DiskStorage(dir);
    const events: string[] = [];
    const open = fsp.open.bind(fsp);
    const openSpy = vi.spyOn(fsp, 'open').mockImplementation(async (file, flags) => {
      const handle = await open(file, flags);
      const sync = handle.sync.bind(handle);
      handle.sync = async () => {
        events.push(`sync ${path.basename(String(file))}`);
        return sync();
      };
      return handle;
    });
    const rename = fsp.rename.bind(fsp);
    const renameSpy = vi.spyOn(fsp, 'rename').mockImplementation(async (from, to) => {
      events.push(`rename ${path.basename(String(to))}`);
      return rename(from, to);
    });
    try {
      await storage.put('a.png', new Uint8Array([1, 2, 3]));
    } finally {
      openSpy.mockRestore();
      renameSpy.mockRestore();
    }
    expect(await storage.size('a.png')).toBe(3);
    const renamed = events.indexOf('rename a.png');
    expect(renamed).toBeGreaterThan(0);
    expect(events.slice(0, renamed).some((e) => e.startsWith('sync .tmp-'))).toBe(true);
    // The directory entry is flushed after the rename.
    expect(events.slice(renamed)).toContain(`sync ${path.basename(dir)}`);
  });
});

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

// The same contract for every store: the upload routes and the cleanup job only use these calls.
describe.each([
  {
    kind: 'disk',
    open: async () => ({ storage: new DiskStorage(dir) as FileStorage, close: async () => {} }),
  },
  {
    kind: 's3',
    open: async () => {
      const s3 = await startTestS3();
      const storage = new S3Storage(loadConfig({ ...s3.env, LOG_LEVEL: 'silent' }).s3!);
      return {
        storage: storage as FileStorage,
        close: async () => {
          storage.close();
          await s3.close();
        },
      };
    },
  },
])('$kind storage', ({ open }) => {
  let storage: FileStorage;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ storage, close } = await open());
  });
  afterAll(() => close());

  const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));

  it('stores bytes and reads them back whole', async () => {
    await storage.put('whole.mp4', bytes);
    expect(await storage.size('whole.mp4')).toBe(bytes.length);
    expect((await readAll(storage.read('whole.mp4'))).equals(bytes)).toBe(true);
  });

  it('reads an inclusive byte range', async () => {
    await storage.put('ranged.mp4', bytes);
    const part = await readAll(storage.read('ranged.mp4', { start: 10, end: 19 }));
    expect(part.equals(bytes.subarray(10, 20))).toBe(true);
  });

  it('reports a missing file as absent, and a read of it fails', async () => {
    expect(await storage.size('missing.png')).toBeUndefined();
    expect(await storage.size('../escape.png')).toBeUndefined();
    await expect(readAll(storage.read('missing.png'))).rejects.toThrow();
  });

  it('answers the readiness check while it can store files', async () => {
    await expect(storage.check()).resolves.toBeUndefined();
  });

  it('removes a file, and removing it again (or a file never stored) is no error', async () => {
    await storage.put('gone.png', Buffer.from([1, 2, 3]));
    await storage.remove('gone.png');
    expect(await storage.size('gone.png')).toBeUndefined();
    await expect(readAll(storage.read('gone.png'))).rejects.toThrow();
    await expect(storage.remove('gone.png')).resolves.toBeUndefined();
    await expect(storage.remove('never-stored.png')).resolves.toBeUndefined();
    // Other files are untouched.
    await storage.put('kept.png', Buffer.from([7]));
    await storage.remove('gone.png');
    expect(await storage.size('kept.png')).toBe(1);
  });

  it('refuses to remove a name it could never have stored', async () => {
    await expect(storage.remove('../escape.png')).rejects.toThrow(/Invalid stored file name/);
  });

  it('replaces a file stored again under the same name', async () => {
    await storage.put('again.png', Buffer.from([1, 2, 3]));
    await storage.put('again.png', Buffer.from([4, 5]));
    expect(await storage.size('again.png')).toBe(2);
    expect([...(await readAll(storage.read('again.png')))]).toEqual([4, 5]);
  });
});

it('fails the readiness check when the bucket is missing', async () => {
  const s3 = await startTestS3();
  const storage = new S3Storage({
    ...loadConfig({ ...s3.env, LOG_LEVEL: 'silent' }).s3!,
    bucket: 'no-such-bucket',
  });
  try {
    await expect(storage.check()).rejects.toThrow();
  } finally {
    storage.close();
    await s3.close();
  }
});

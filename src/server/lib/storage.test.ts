import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { DiskStorage } from './storage.ts';

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

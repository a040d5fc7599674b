import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where uploaded files live. The disk implementation keeps one instance simple;
 * S3Storage (s3-storage.ts) implements the same calls when several
 * instances share the files.
 */
export interface FileStorage {
  /** Stores the bytes under `name` all at once: a reader never sees half a file. */
  put(name: string, data: Uint8Array): Promise<void>;
  /** Size in bytes, or undefined when there is no such file. */
  size(name: string): Promise<number | undefined>;
  /** Streams the file, or the inclusive byte range [start, end]. */
  read(name: string, range?: { start: number; end: number }): Readable;
  /** Deletes the file; no error when it is already gone (cleanup may run twice). */
  remove(name: string): Promise<void>;
  /** Resolves when the store can take writes now; rejects with the reason otherwise (readiness). */
  check(): Promise<void>;
}

export class DiskStorage implements FileStorage {
  constructor(private readonly dir: string) {}

  async put(name: string, data: Uint8Array): Promise<void> {
    await fsp.mkdir(this.dir, { recursive: true });
    // Write beside the target, then rename: the rename is atomic, so a crash or a
    // failed write leaves no half-written file under the served name. The bytes and
    // then the directory entry are flushed before we return: the caller answers 201
    // and an asset will point at this name, so it must survive a power cut as the
    // database rows do (synchronous=FULL).
    const tmp = path.join(this.dir, `.tmp-${randomBytes(8).toString('hex')}`);
    try {
      const handle = await fsp.open(tmp, 'wx');
      try {
        await handle.writeFile(data);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fsp.rename(tmp, this.file(name));
    } catch (err) {
      await fsp.rm(tmp, { force: true });
      throw err;
    }
    await syncDirectory(this.dir);
  }

  async size(name: string): Promise<number | undefined> {
    try {
      const st = await fsp.stat(this.file(name));
      return st.isFile() ? st.size : undefined;
    } catch {
      return undefined;
    }
  }

  read(name: string, range?: { start: number; end: number }): Readable {
    return fs.createReadStream(this.file(name), range);
  }

  async remove(name: string): Promise<void> {
    await fsp.rm(this.file(name), { force: true });
  }

  async check(): Promise<void> {
    await fsp.mkdir(this.dir, { recursive: true });
    await fsp.access(this.dir, fs.constants.W_OK);
  }

  private file(name: string): string {
    return path.join(this.dir, assertStoredName(name));
  }
}

/** Names come from our own generator; refuse anything else rather than trust it. */
export function assertStoredName(name: string): string {
  if (!isStoredName(name)) throw new Error(`Invalid stored file name: ${name}`);
  return name;
}

/** Flushes a directory's entries (a rename into it); not supported everywhere (Windows), so best effort. */
async function syncDirectory(dir: string): Promise<void> {
  let handle: fsp.FileHandle | undefined;
  try {
    handle = await fsp.open(dir, 'r');
    await handle.sync();
  } catch {
    // The file itself is flushed; only the entry's durability is left to the OS.
  } finally {
    await handle?.close();
  }
}

export const isStoredName = (name: string) => /^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(name);

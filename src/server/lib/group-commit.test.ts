import { describe, expect, it } from 'vitest';
import { GroupCommit } from './group-commit.ts';

describe('GroupCommit', () => {
  it('commits items submitted together in one batch and settles each with its own outcome', async () => {
    const batches: number[][] = [];
    const gc = new GroupCommit<number, number>(async (items) => {
      batches.push(items);
      return items.map((n) =>
        n === 3 ? { ok: false, error: new Error('dup') } : { ok: true, value: n * 10 },
      );
    });
    const results = await Promise.allSettled([1, 2, 3, 4].map((n) => gc.submit(n)));
    expect(batches).toEqual([[1, 2, 3, 4]]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([
      10,
      20,
      'dup',
      40,
    ]);
  });

  it('queues items that arrive during a commit for the next batch, and caps batch size', async () => {
    const batches: number[][] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const gc = new GroupCommit<number, number>(async (items) => {
      batches.push(items);
      if (batches.length === 1) await gate;
      return items.map((value) => ({ ok: true, value }));
    }, 2);
    const first = gc.submit(1);
    await new Promise((r) => setImmediate(r));
    const later = [2, 3, 4].map((n) => gc.submit(n));
    release();
    await Promise.all([first, ...later]);
    expect(batches).toEqual([[1], [2, 3], [4]]);
  });

  it('fails every item of a batch whose transaction fails', async () => {
    const gc = new GroupCommit<number, number>(async () => {
      throw new Error('disk full');
    });
    const results = await Promise.allSettled([gc.submit(1), gc.submit(2)]);
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
  });

  it('drained() waits until every submitted write has settled, failed ones included', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const gc = new GroupCommit<number, number>(async (items) => {
      await gate;
      return items.map((n) => (n === 2 ? { ok: false, error: new Error('dup') } : { ok: true, value: n }));
    });
    const writes = [1, 2, 3].map((n) => gc.submit(n).catch(() => -1));
    expect(GroupCommit.pending()).toBe(3);
    let drained = false;
    const waiting = GroupCommit.drained().then(() => {
      drained = true;
    });
    await new Promise((r) => setTimeout(r, 20));
    expect(drained).toBe(false);
    release();
    await waiting;
    expect(GroupCommit.pending()).toBe(0);
    expect(await Promise.all(writes)).toEqual([1, -1, 3]);
  });
});

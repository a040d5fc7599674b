import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkSource, checkTree } from './check-imports.ts';

const rulesOf = (file: string, text: string) => checkSource(file, text).map((v) => v.rule);

describe('import layer rules', () => {
  it("rejects another feature's internals, relative or aliased, static or lazy", () => {
    const file = 'client/features/campaigns/components/x.tsx';
    expect(rulesOf(file, "import { useUser } from '../../auth/api/get-user.ts';")).toEqual([
      'use features/auth/index.ts, not its internals',
    ]);
    expect(rulesOf(file, "import { useUser } from '#client/features/auth/api/get-user.ts';")).toHaveLength(1);
    expect(rulesOf(file, "const p = import('#client/features/auth/api/get-user.ts');")).toHaveLength(1);
    expect(rulesOf(file, "export { useUser } from '#client/features/auth/api/get-user.ts';")).toHaveLength(1);
    expect(
      rulesOf('client/app/routes/p.tsx', "import { A } from '#client/features/assets/api/a.ts';"),
    ).toHaveLength(1);
  });

  it('accepts index.ts imports and a feature importing its own files', () => {
    const file = 'client/features/campaigns/components/x.tsx';
    expect(rulesOf(file, "import { useUser } from '#client/features/auth/index.ts';")).toEqual([]);
    expect(rulesOf(file, "import { useCampaign } from '../api/get-campaign.ts';")).toEqual([]);
    expect(rulesOf(file, "import { Button } from '#client/components/ui/button.tsx';")).toEqual([]);
    expect(
      rulesOf('client/app/routes/p.tsx', "import { A } from '#client/features/assets/index.ts';"),
    ).toEqual([]);
  });

  it("keeps the share card's script to shared code", () => {
    const file = 'client/embed/embed-card.ts';
    expect(rulesOf(file, "import { copyText } from '#client/lib/clipboard.ts';")).toEqual([
      'the share card (client/embed/) imports only shared code',
    ]);
    expect(rulesOf(file, "import { trackedUrl } from '#shared/share-links.ts';")).toEqual([]);
  });

  it('keeps shared client code free of features and app', () => {
    expect(
      rulesOf('client/lib/x.ts', "import { useUser } from '#client/features/auth/index.ts';"),
    ).toHaveLength(1);
    expect(
      rulesOf('client/components/ui/x.tsx', "import { router } from '../../app/router.tsx';"),
    ).toHaveLength(1);
    expect(
      rulesOf('client/features/auth/x.ts', "import { router } from '#client/app/router.tsx';"),
    ).toHaveLength(1);
  });

  it('keeps client, server and shared apart', () => {
    expect(rulesOf('client/lib/x.ts', "import { env } from '#server/config.ts';")).toHaveLength(1);
    expect(rulesOf('client/lib/x.ts', "import { env } from '../../server/config.ts';")).toHaveLength(1);
    expect(rulesOf('server/app.ts', "import { cn } from '../client/lib/utils.ts';")).toHaveLength(1);
    expect(rulesOf('shared/x.ts', "import { cn } from '#client/lib/utils.ts';")).toHaveLength(1);
    expect(rulesOf('shared/x.ts', "import type { Db } from '#server/db/types.ts';")).toHaveLength(1);
    expect(
      rulesOf('server/app.ts', "import { z } from 'zod';\nimport { A } from '#shared/schemas/assets.ts';"),
    ).toEqual([]);
  });

  it('names the line of the offending import', () => {
    const text = "import { a } from 'react';\n\nimport { b } from '#client/features/auth/lib/session.ts';\n";
    expect(checkSource('client/features/assets/x.ts', text)).toEqual([
      {
        file: 'client/features/assets/x.ts',
        line: 3,
        specifier: '#client/features/auth/lib/session.ts',
        rule: 'use features/auth/index.ts, not its internals',
      },
    ]);
  });

  it('the repository passes, and the command fails on a deliberate violation', () => {
    const repoSrc = path.resolve(import.meta.dirname, '..', 'src');
    expect(checkTree(repoSrc)).toEqual([]);

    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'check-imports-'));
    try {
      const dir = path.join(tmp, 'src', 'client', 'features', 'stats');
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, 'bad.ts'), "export { useUser } from '../auth/api/get-user.ts';\n");
      expect(checkTree(path.join(tmp, 'src')).map((v) => v.file)).toEqual(['client/features/stats/bad.ts']);

      // The command itself exits non-zero and names the file and line.
      const script = path.resolve(import.meta.dirname, 'check-imports.ts');
      let stderr = '';
      try {
        execFileSync(process.execPath, ['--import', 'tsx', script, path.join(tmp, 'src')], { stdio: 'pipe' });
      } catch (e) {
        stderr = String((e as { stderr: Buffer }).stderr);
      }
      expect(stderr).toContain('client/features/stats/bad.ts:1');
      expect(stderr).toContain('use features/auth/index.ts, not its internals');
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  });
});

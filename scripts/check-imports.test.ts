import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkSource, checkTree, moduleCycles } from './check-imports.ts';

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

  it("rejects another server module's internals, from a module or from outside the modules", () => {
    const internals = 'use modules/auth/index.ts, not its internals';
    const from = (file: string, text: string) => rulesOf(`server/${file}`, text);
    expect(
      from('modules/account/account.service.ts', "import { hashPassword } from '../auth/passwords.ts';"),
    ).toEqual([internals]);
    expect(
      from('plugins/auth.ts', "import { loadSessionUser } from '../modules/auth/session-user.ts';"),
    ).toEqual([internals]);
    expect(
      from('jobs/index.ts', "import type { UserRow } from '#server/modules/auth/session-user.ts';"),
    ).toEqual([internals]);
    expect(from('app.ts', "const m = import('./modules/auth/auth.routes.ts');")).toEqual([internals]);
    // A test reaches into its own module only: elsewhere it uses the face like any code.
    expect(from('modules/account/account.test.ts', "import { X } from '../auth/login-throttle.ts';")).toEqual(
      [internals],
    );
    expect(from('test/abuse/x.test.ts', "import { X } from '../../modules/auth/login-throttle.ts';")).toEqual(
      [internals],
    );
  });

  it('accepts a module face, and a module (or its tests) using its own files', () => {
    const from = (file: string, text: string) => rulesOf(`server/${file}`, text);
    expect(
      from('modules/account/account.service.ts', "import { hashPassword } from '../auth/index.ts';"),
    ).toEqual([]);
    expect(from('app.ts', "import { authRoutes } from './modules/auth/index.ts';")).toEqual([]);
    expect(from('modules/auth/auth.routes.ts', "import { loginUser } from './auth.service.ts';")).toEqual([]);
    expect(from('modules/auth/auth.test.ts', "import { X } from './login-throttle.ts';")).toEqual([]);
    expect(from('modules/auth/index.ts', "export { authRoutes } from './auth.routes.ts';")).toEqual([]);
    expect(from('modules/auth/auth.service.ts', "import { nowIso } from '../../lib/time.ts';")).toEqual([]);
  });

  it('keeps server/lib below the modules', () => {
    expect(
      rulesOf(
        'server/lib/campaign-write.ts',
        "import { assetsOfCampaign } from '../modules/assets/index.ts';",
      ),
    ).toEqual(['lib/ sits below the modules: it imports none']);
    expect(
      rulesOf(
        'server/lib/backup.test.ts',
        "import { createUploadStorage } from '../modules/uploads/index.ts';",
      ),
    ).toEqual([]);
  });

  it('keeps routes files from importing each other, directly or through a face', () => {
    expect(
      rulesOf(
        'server/modules/embed/embed.routes.ts',
        "import { parseId } from '../supporter/supporter.routes.ts';",
      ),
    ).toContain('a routes file does not import another routes file');
    expect(
      rulesOf(
        'server/modules/campaigns/campaigns.routes.ts',
        "import { x } from './campaign-lifecycle.routes.ts';",
      ),
    ).toEqual(['a routes file does not import another routes file']);
    // A face passes on route plugins and the limits they declare, never a helper.
    const face = 'server/modules/supporter/index.ts';
    expect(rulesOf(face, "export { supporterRoutes, MAX_IDS } from './supporter.routes.ts';")).toEqual([]);
    expect(
      rulesOf(face, "export {\n  parseId,\n  supporterRoutes,\n} from './supporter.routes.ts';"),
    ).toEqual([
      'a face passes on only route plugins and constants from a routes file; move helpers out of it',
    ]);
    expect(rulesOf(face, "export * from './supporter.routes.ts';")).toHaveLength(1);
    expect(rulesOf(face, "export { parseId as idOf } from './supporter.routes.ts';")).toHaveLength(1);
    expect(rulesOf(face, "export { getSupporterEntry } from './supporter.service.ts';")).toEqual([]);
  });

  it('finds a cycle between server modules, types included, but not through tests', () => {
    const files = new Map([
      [
        'server/modules/campaigns/campaigns.service.ts',
        "import { assetsOfCampaign } from '../assets/index.ts';\n",
      ],
      [
        'server/modules/assets/assets.service.ts',
        "\nimport type { Campaign } from '../campaigns/index.ts';\n",
      ],
      ['server/modules/stats/stats.service.ts', "import { x } from '../campaigns/index.ts';\n"],
      ['server/modules/campaigns/campaigns.test.ts', "import { y } from '../stats/index.ts';\n"],
    ]);
    expect(moduleCycles(files)).toEqual([
      {
        file: 'server/modules/assets/assets.service.ts',
        line: 2,
        specifier: '../campaigns/index.ts',
        rule: 'server modules form a cycle: assets -> campaigns -> assets',
      },
    ]);
    // A longer loop is named whole, once.
    files.set('server/modules/assets/assets.service.ts', "import { s } from '../shares/index.ts';\n");
    files.set('server/modules/shares/shares.service.ts', "import { c } from '../campaigns/index.ts';\n");
    expect(moduleCycles(files).map((v) => v.rule)).toEqual([
      'server modules form a cycle: assets -> shares -> campaigns -> assets',
    ]);
    files.delete('server/modules/shares/shares.service.ts');
    expect(moduleCycles(files)).toEqual([]);
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

      // The server's rules fail the command too: internals, and a cycle between modules.
      const mod = (name: string) => {
        const d = path.join(tmp, 'src', 'server', 'modules', name);
        fs.mkdirSync(d, { recursive: true });
        return d;
      };
      fs.writeFileSync(
        path.join(mod('shares'), 'shares.service.ts'),
        "import { r } from '../reminders/index.ts';\n",
      );
      fs.writeFileSync(
        path.join(mod('reminders'), 'reminders.routes.ts'),
        "import { s } from '../shares/share-from-schedule.ts';\n",
      );
      stderr = '';
      try {
        execFileSync(process.execPath, ['--import', 'tsx', script, path.join(tmp, 'src')], { stdio: 'pipe' });
      } catch (e) {
        stderr = String((e as { stderr: Buffer }).stderr);
      }
      expect(stderr).toContain('server/modules/reminders/reminders.routes.ts:1');
      expect(stderr).toContain('use modules/shares/index.ts, not its internals');
      expect(stderr).toContain('server modules form a cycle: reminders -> shares -> reminders');
      expect(stderr).toContain('3 import(s) break the layer rules');
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  });
});

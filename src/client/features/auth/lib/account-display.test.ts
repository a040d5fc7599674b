import { i18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityLabel, orgActivityLabel } from './activity-labels.ts';
import { summarizeUserAgent } from './user-agent.ts';

// The English source messages (the catalogs' other languages are checked by scripts/catalogs.test.ts).
beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

describe('activityLabel', () => {
  it('reads known actions as sentences, with their target where it matters', () => {
    expect(activityLabel({ action: 'auth.sign_in', target: 'ada' })).toBe('Signed in');
    expect(activityLabel({ action: 'campaign.created', target: 'Clean Rivers' })).toBe(
      'Created campaign Clean Rivers',
    );
    expect(activityLabel({ action: 'account.password_changed', target: 'ada' })).toBe(
      'Changed your password',
    );
    expect(activityLabel({ action: 'api_key.revoked', target: 'CI (viewer)' })).toBe(
      'Revoked the API key CI (viewer)',
    );
  });

  it('says when an API key made the change, naming the key', () => {
    expect(
      activityLabel({
        action: 'campaign.created',
        target: 'Imported',
        apiKey: { id: 3, name: 'Nightly sync' },
      }),
    ).toBe('Created campaign Imported (with the API key Nightly sync)');
    expect(activityLabel({ action: 'upload.created', target: 'a.png', apiKey: null })).toBe('Uploaded a.png');
  });

  it("says the organisation log's entries of the member who acted", () => {
    expect(orgActivityLabel({ action: 'account.password_changed', target: 'ada' })).toBe(
      'Changed their password',
    );
    expect(orgActivityLabel({ action: 'account.email_changed', target: 'a@example.org' })).toBe(
      'Changed their email: a@example.org',
    );
    expect(orgActivityLabel({ action: 'member.left', target: 'ada' })).toBe('Left the organization');
  });

  it('reads in the active language, the target kept as written', () => {
    const id = generateMessageId('Created campaign {target}');
    i18n.loadAndActivate({ locale: 'es', messages: { [id]: compileMessage('Creó la campaña {target}') } });
    try {
      expect(activityLabel({ action: 'campaign.created', target: 'Ríos' })).toBe('Creó la campaña Ríos');
    } finally {
      i18n.activate('en');
    }
  });

  it('shows an unknown action as it is rather than hiding it', () => {
    expect(activityLabel({ action: 'report_job.created', target: 'CI' })).toBe('report job created: CI');
    expect(activityLabel({ action: 'x.y', target: '' })).toBe('x.y');
  });
});

describe('summarizeUserAgent', () => {
  it('names the browser and the system', () => {
    expect(
      summarizeUserAgent(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
      ),
    ).toBe('Chrome on Windows');
    expect(
      summarizeUserAgent(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36 Edg/126.0',
      ),
    ).toBe('Edge on Windows');
    expect(
      summarizeUserAgent(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari on iOS');
    expect(summarizeUserAgent('Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0')).toBe(
      'Firefox on Linux',
    );
  });

  it('says so when there is nothing to read', () => {
    expect(summarizeUserAgent(null)).toBe('Unknown device');
    expect(summarizeUserAgent('  ')).toBe('Unknown device');
    expect(summarizeUserAgent('curl/8.0')).toBe('curl');
  });
});

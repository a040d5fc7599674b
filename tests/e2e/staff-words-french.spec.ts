import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { api, expect, test } from '../support/fixtures.ts';

// Words the server makes and the workspace words (issue 29): a webhook attempt's
// failure, from its errorCode and errorParams, and an import row's own checks, from
// their rule and params, shown in the reader's language (French here) although the
// API's `error` and `message` stay English.

const HEADER = 'external_id,campaign_external_id,campaign_name,campaign_status,asset_type,title,share_text';
const csvFile = (lines: string[]) => ({
  name: 'campaigns.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(lines.join('\n')),
});

test.beforeEach(async ({ page, baseURL }) => {
  await page.context().addCookies([{ name: 'rally_lang', value: 'fr', url: baseURL as string }]);
});

test('the delivery log says why an attempt failed, in French', async ({ page, request, signedIn: admin }) => {
  // A receiver that answers 503, and an address nothing listens on.
  const receiver = http.createServer((_req, res) => res.writeHead(503).end('busy'));
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const closed = http.createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const closedPort = (closed.address() as AddressInfo).port;
  await new Promise((resolve) => closed.close(resolve));
  try {
    const urls = [
      `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/busy`,
      `http://127.0.0.1:${closedPort}/gone`,
    ];
    const ids: number[] = [];
    for (const url of urls) {
      const made = await api(request, admin.token).post('/api/webhooks', { url, events: ['asset.created'] });
      expect(made.status(), await made.text()).toBe(201);
      ids.push((await made.json()).id);
      expect((await api(request, admin.token).post(`/api/webhooks/${ids.at(-1)}/test`)).status()).toBe(202);
    }
    // The API keeps the English, with the code and values beside it.
    await expect
      .poll(
        async () =>
          (await (await api(request, admin.token).get(`/api/webhooks/${ids[0]}/deliveries`)).json()).items[0],
        {
          timeout: 10_000,
        },
      )
      .toMatchObject({
        error: 'The receiver answered 503',
        errorCode: 'receiver_status',
        errorParams: { status: 503 },
      });

    await page.goto('/settings');
    await page.getByRole('tab', { name: 'Intégrations' }).click();
    const endpoints = page.getByTestId('webhook-endpoint');
    for (const [i, words] of [
      [0, 'Le destinataire a répondu 503'],
      [1, 'Impossible de joindre le destinataire (ECONNREFUSED)'],
    ] as const) {
      const endpoint = endpoints.filter({ hasText: urls[i] });
      await endpoint.getByRole('button', { name: 'Journal des livraisons' }).click();
      const error = endpoint.getByTestId('webhook-delivery-error').first();
      await expect(error).toHaveText(words, { timeout: 10_000 });
    }
    await expect(page.getByText('The receiver answered 503')).toHaveCount(0);
  } finally {
    receiver.closeAllConnections();
    await new Promise((resolve) => receiver.close(resolve));
  }
});

test("the import preview words the import's own checks in French, and a refused file", async ({
  page,
  signedIn: _admin,
}) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Importer', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Importer des campagnes' });
  const file = dialog.getByLabel('Fichier CSV ou JSON');

  // A file whose header has a misspelt column: refused as a whole.
  await file.setInputFiles(csvFile(['campaign_name,titel', 'Clean rivers,River post']));
  await expect(dialog.getByRole('alert')).toContainText(
    'Colonnes inconnues "titel" : les colonnes sont external_id',
  );

  await file.setInputFiles(
    csvFile([
      HEADER,
      'rivers-1,rivers,Clean rivers,draft,text,River post,Help us clean the river',
      'rivers-2,rivers,Clean streams,draft,text,Stream post,Keep streams clean',
      'rivers-3,rivers,Clean rivers,draft,text,Empty post,',
    ]),
  );
  const rows = dialog.getByTestId('import-row');
  await expect(rows).toHaveCount(3);
  // Across rows (one name per campaign), and the row schema's own (a text asset's words).
  await expect(rows.nth(1)).toContainText(
    'campaign_name: Une campagne a un seul nom : la ligne 1 la nomme « Clean rivers »',
  );
  await expect(rows.nth(2)).toContainText(
    'share_text: Une ressource texte a besoin de ses mots dans share_text',
  );
  await expect(dialog).not.toContainText('One campaign has one name');
});

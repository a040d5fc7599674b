import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Locator, Page } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { type Account, api, expect, signInAs, test } from '../support/fixtures.ts';
import { type AuditFinding, auditScreen } from '../support/catalog-audit.ts';
import { withE2eDb } from '../support/e2e-db.ts';
import { addMember, axeProblems } from '../support/teams.ts';
import { toastEl } from '../support/workspace.ts';

// Settings > Integrations (issue 29): an admin adds a webhook endpoint pointing at a
// receiver in this test process (the e2e server allows private addresses), copies its
// secret (shown once), sends a test event the receiver checks with the standardwebhooks
// package, reads the delivery log, retries a failed delivery, rotates the secret (both
// signatures sent) and deletes the endpoint. The server's sender ticks every second
// (ROLLUP_INTERVAL_MS' default) and an open log reads itself again every 2 s.

interface Received {
  headers: Record<string, string>;
  body: string;
  /** What the receiver answered. */
  status: number;
  at: number;
}

/** A loopback receiver that records every request and answers `answer.status`. */
async function startReceiver() {
  const received: Received[] = [];
  const answer = { status: 200, body: 'ok' };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const headers = Object.fromEntries(
        Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')]),
      );
      received.push({
        headers,
        body: Buffer.concat(chunks).toString('utf8'),
        status: answer.status,
        at: Date.now(),
      });
      res.writeHead(answer.status, { 'content-type': 'text/plain' });
      res.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/rally`,
    received,
    answer,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function openIntegrations(page: Page) {
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Integrations' }).click();
}

/** The delivery log's cells of a row: event, time, attempt, status, duration, response, error. */
const cell = (row: Locator, column: 'event' | 'attempt' | 'status' | 'response' | 'error') =>
  row.locator('td').nth({ event: 0, attempt: 2, status: 3, response: 5, error: 6 }[column]);

test('an admin adds an endpoint, sends a test event, reads the delivery log, retries, rotates and deletes', async ({
  page,
  request,
  signedIn: admin,
}) => {
  test.setTimeout(60_000);
  const receiver = await startReceiver();
  try {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await openIntegrations(page);
    await expect(page.getByText('No endpoints yet.')).toBeVisible();

    // The form checks with the shared schema: an address without https and no events.
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const form = page.getByRole('form', { name: 'Add an endpoint' });
    await form.getByLabel('URL').fill('ftp://example.org/hooks');
    await form.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(form.locator('#webhook-url-error')).toHaveText('URL must start with https://');
    await expect(form.locator('#webhook-events-error')).toHaveText('Choose at least one event');

    // The server's refusal (a host that does not resolve, checked like every delivery) lands on URL.
    await form.getByLabel('URL').fill('http://rally-test.invalid/hooks');
    await form.getByLabel(/share\.created/).check();
    await form.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(form.locator('#webhook-url-error')).toHaveText(
      'Could not resolve the host rally-test.invalid',
    );
    await expect(form.getByLabel('URL')).toHaveAttribute('aria-invalid', 'true');
    await expect(form.locator('#webhook-events-error')).toHaveCount(0);

    await form.getByLabel('URL').fill(receiver.url);
    await form.getByLabel('Description (optional)').fill('Our CRM');
    await form.getByLabel(/campaign\.published/).check();
    await expect(form.getByLabel('Enabled')).toBeChecked();
    await form.getByRole('button', { name: 'Add endpoint' }).click();

    // The secret, shown this once, copied.
    const shown = page.getByRole('region', { name: 'Signing secret' });
    await expect(shown.getByRole('status')).toContainText("you won't see it again");
    const secret = await shown.getByLabel('Signing secret').inputValue();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    await shown.getByRole('button', { name: 'Copy' }).click();
    await expect(toastEl(page).filter({ hasText: 'Signing secret copied!' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await shown.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByText(secret)).toHaveCount(0);

    const endpoint = page.getByTestId('webhook-endpoint').filter({ hasText: receiver.url });
    await expect(endpoint).toContainText('Our CRM');
    await expect(endpoint).toContainText('share.created, campaign.published');
    await expect(endpoint).toContainText(`${secret.slice(0, 10)}…`);
    await expect(endpoint).toContainText('None yet');
    const [{ id: endpointId }] = await (await api(request, admin.token).get('/api/webhooks')).json();

    // A test event reaches the receiver, signed with that secret.
    await endpoint.getByRole('button', { name: 'Send test event' }).click();
    await expect(toastEl(page).filter({ hasText: 'Test event queued' })).toBeVisible();
    await expect.poll(() => receiver.received.length, { timeout: 10_000 }).toBe(1);
    const ping = receiver.received[0];
    expect(ping.headers['content-type']).toContain('application/json');
    const payload = new Webhook(secret).verify(ping.body, ping.headers) as {
      type: string;
      data: { endpointId: number };
    };
    expect(payload.type).toBe('ping');
    expect(payload.data.endpointId).toBe(endpointId);
    // Signed with another secret, it would not pass.
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`).verify(ping.body, ping.headers),
    ).toThrow();

    // The log (opened by the test) shows it: 200 on the first attempt.
    const log = endpoint.getByRole('region', { name: 'Delivery log' });
    const rows = log.getByTestId('webhook-delivery-row');
    await expect(rows).toHaveCount(1, { timeout: 10_000 });
    await expect(cell(rows.first(), 'event')).toContainText('ping');
    await expect(cell(rows.first(), 'attempt')).toHaveText('1');
    await expect(cell(rows.first(), 'status')).toHaveText('200');
    await expect(cell(rows.first(), 'response')).toHaveText('ok');
    await expect(cell(rows.first(), 'error')).toHaveText('');

    // The receiver fails: another test event shows the failed attempt and what it answered.
    receiver.answer.status = 500;
    receiver.answer.body = 'receiver down';
    await endpoint.getByRole('button', { name: 'Send test event' }).click();
    await expect(rows).toHaveCount(2, { timeout: 10_000 });
    await expect(cell(rows.first(), 'status')).toHaveText('500');
    await expect(cell(rows.first(), 'attempt')).toHaveText('1');
    await expect(cell(rows.first(), 'response')).toHaveText('receiver down');
    await expect(cell(rows.first(), 'error')).toHaveText('The receiver answered 500');
    expect(await axeProblems(page)).toEqual([]);
    const failedId = receiver.received[1].headers['webhook-id'];
    expect(failedId).not.toBe(ping.headers['webhook-id']);

    // Fixed, and retried by hand: the same message (same webhook-id) is delivered on a new attempt.
    // (The sender's own retry comes 5 s after the failure; whichever attempt is newest, it is this message's.)
    receiver.answer.status = 200;
    receiver.answer.body = 'ok';
    const clickedAt = Date.now();
    await rows
      .first()
      .getByRole('button', { name: /^Retry ping/ })
      .click();
    await expect(toastEl(page).filter({ hasText: 'Delivery queued again' })).toBeVisible();
    await expect
      .poll(
        () =>
          receiver.received.some(
            (r) => r.headers['webhook-id'] === failedId && r.at >= clickedAt && r.status === 200,
          ),
        { timeout: 10_000 },
      )
      .toBe(true);
    const attemptsOfFailed = receiver.received.filter((r) => r.headers['webhook-id'] === failedId).length;
    expect(attemptsOfFailed).toBeGreaterThanOrEqual(2);
    await expect(rows).toHaveCount(1 + attemptsOfFailed, { timeout: 10_000 });
    await expect(cell(rows.first(), 'status')).toHaveText('200');
    await expect(cell(rows.first(), 'attempt')).toHaveText(String(attemptsOfFailed));
    await expect(endpoint).toContainText('delivered (200)');

    // Rotation: confirmed with the 24 hours said; the new secret shown once; then both sign.
    await endpoint.getByRole('button', { name: 'Rotate secret' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Rotate the signing secret?' });
    await expect(confirm).toContainText('The old secret stays valid for 24 hours');
    await confirm.getByRole('button', { name: 'Rotate secret' }).click();
    const rotated = endpoint.getByRole('region', { name: 'Signing secret' });
    const newSecret = await rotated.getByLabel('Signing secret').inputValue();
    expect(newSecret).toMatch(/^whsec_/);
    expect(newSecret).not.toBe(secret);
    await expect(rotated).toContainText('the old secret stays valid too');
    await rotated.getByRole('button', { name: 'Done' }).click();
    await expect(endpoint).toContainText('the previous secret also signs until');
    const before = receiver.received.length;
    await endpoint.getByRole('button', { name: 'Send test event' }).click();
    await expect.poll(() => receiver.received.length, { timeout: 10_000 }).toBe(before + 1);
    const signedTwice = receiver.received[before];
    expect(signedTwice.headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(() => new Webhook(newSecret).verify(signedTwice.body, signedTwice.headers)).not.toThrow();
    expect(() => new Webhook(secret).verify(signedTwice.body, signedTwice.headers)).not.toThrow();

    // Delete, after a confirmation: gone from the list.
    await endpoint.getByRole('button', { name: 'Delete' }).click();
    const del = page.getByRole('alertdialog', { name: 'Delete this endpoint?' });
    await expect(del).toContainText('This cannot be undone.');
    await del.getByRole('button', { name: 'Delete' }).click();
    await expect(toastEl(page).filter({ hasText: 'Endpoint deleted' })).toBeVisible();
    await expect(page.getByText('No endpoints yet.')).toBeVisible();
    expect(await (await api(request, admin.token).get('/api/webhooks')).json()).toEqual([]);
  } finally {
    await receiver.close();
  }
});

/** An endpoint made through the API (the admin's session). */
async function seedEndpoint(request: Parameters<typeof api>[0], admin: Account, url: string, extra = {}) {
  const res = await api(request, admin.token).post('/api/webhooks', {
    url,
    events: ['asset.created'],
    ...extra,
  });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

test('an endpoint turned off says so and turns back on; the limit is said in plain words; it passes axe', async ({
  page,
  request,
  signedIn: admin,
}) => {
  const receiver = await startReceiver();
  try {
    await seedEndpoint(request, admin, receiver.url, { description: 'Paused for now', enabled: false });
    await openIntegrations(page);
    const endpoint = page.getByTestId('webhook-endpoint').filter({ hasText: 'Paused for now' });
    await expect(endpoint).toContainText('This endpoint is off: nothing is sent to it.');
    await endpoint.getByRole('button', { name: 'Delivery log' }).click();
    await expect(endpoint.getByText('Nothing sent yet.')).toBeVisible();
    expect(await axeProblems(page)).toEqual([]);

    // Edited: its form holds what it has; turned on there.
    await endpoint.getByRole('button', { name: 'Edit' }).click();
    const form = page.getByRole('form', { name: 'Edit the endpoint' });
    await expect(form.getByLabel('URL')).toHaveValue(receiver.url);
    await expect(form.getByLabel(/asset\.created/)).toBeChecked();
    await expect(form.getByLabel(/asset\.updated/)).not.toBeChecked();
    expect(await axeProblems(page)).toEqual([]);
    await form.getByLabel('Enabled').click();
    await form.getByLabel(/asset\.updated/).check();
    await form.getByRole('button', { name: 'Save endpoint' }).click();
    await expect(toastEl(page).filter({ hasText: 'Endpoint saved' })).toBeVisible();
    await expect(endpoint).not.toContainText('This endpoint is off');
    await expect(endpoint).toContainText('asset.created, asset.updated');

    // The organisation's tenth endpoint is its last: the eleventh is refused in words.
    for (let i = 2; i <= 10; i++) await seedEndpoint(request, admin, `${receiver.url}/${i}`);
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const add = page.getByRole('form', { name: 'Add an endpoint' });
    await add.getByLabel('URL').fill(`${receiver.url}/11`);
    await add.getByLabel('All events').check();
    await add.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(add.getByRole('alert')).toHaveText(
      'An organization has at most 10 webhook endpoints: delete one first',
    );
    await expect(page.getByTestId('webhook-endpoint')).toHaveCount(10);
  } finally {
    await receiver.close();
  }
});

test('an endpoint Rally turned off for failing says why and turns back on; its log goes page by page', async ({
  page,
  request,
  signedIn: admin,
}) => {
  const receiver = await startReceiver();
  try {
    const made = await seedEndpoint(request, admin, receiver.url, { description: 'Flaky CRM' });
    // What the sender leaves after a day of failures (no route writes it): the endpoint off
    // for failing, and 51 failed attempts, one more than a page.
    withE2eDb((db) => {
      db.prepare("UPDATE webhookEndpoints SET enabled = 0, disabledReason = 'failing' WHERE id = ?").run(
        made.id,
      );
      const insert = db.prepare(
        `INSERT INTO webhookDeliveries (endpointId, messageId, eventType, attempt, attemptedAt, statusCode, durationMs, error, responseExcerpt)
         VALUES (?, ?, 'asset.created', 1, ?, 503, 12, 'The receiver answered 503', ?)`,
      );
      const start = Date.now() - 3_600_000;
      for (let i = 1; i <= 51; i++)
        insert.run(made.id, `msg_seeded${i}`, new Date(start + i * 1000).toISOString(), `busy ${i}`);
    });
    await openIntegrations(page);
    const endpoint = page.getByTestId('webhook-endpoint').filter({ hasText: 'Flaky CRM' });
    await expect(endpoint).toContainText('Off: failing');
    await expect(endpoint).toContainText(
      'Rally turned this endpoint off: every delivery failed for 24 hours.',
    );
    await expect(endpoint).toContainText('failed (503)');

    await endpoint.getByRole('button', { name: 'Delivery log' }).click();
    const rows = endpoint.getByTestId('webhook-delivery-row');
    await expect(rows).toHaveCount(50);
    await expect(cell(rows.first(), 'response')).toHaveText('busy 51');
    await expect(cell(rows.first(), 'event')).toContainText('An asset was added');
    const pages = endpoint.getByRole('navigation', { name: 'Delivery log pages' });
    await expect(pages).toContainText('Page 1');
    await expect(pages.getByRole('button', { name: 'Newer' })).toBeDisabled();
    expect(await axeProblems(page)).toEqual([]);
    await pages.getByRole('button', { name: 'Older' }).click();
    await expect(pages).toContainText('Page 2');
    await expect(rows).toHaveCount(1);
    await expect(cell(rows.first(), 'response')).toHaveText('busy 1');
    await expect(pages.getByRole('button', { name: 'Older' })).toBeDisabled();
    await pages.getByRole('button', { name: 'Newer' }).click();
    await expect(rows).toHaveCount(50);

    await endpoint.getByRole('button', { name: 'Turn on' }).click();
    await expect(toastEl(page).filter({ hasText: 'Endpoint turned on' })).toBeVisible();
    await expect(endpoint).toContainText('Enabled');
    await expect(endpoint).not.toContainText('Rally turned this endpoint off');
    const [after] = await (await api(request, admin.token).get('/api/webhooks')).json();
    expect(after).toMatchObject({ enabled: true, disabledReason: null });
  } finally {
    await receiver.close();
  }
});

test('members who are not admins have no Integrations tab', async ({ page, request, account: admin }) => {
  const editor = await addMember(request, admin, 'editor');
  await signInAs(page, editor);
  await page.goto('/settings');
  await expect(page.getByRole('tab', { name: 'Permissions' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Integrations' })).toHaveCount(0);
  // The server refuses them anyway.
  expect((await api(request, editor.token).get('/api/webhooks')).status()).toBe(403);
});

test('the Integrations screen in the pseudo-locale: every word from a catalog, nothing cut off', async ({
  page,
  context,
  baseURL,
  request,
  signedIn: admin,
}) => {
  const receiver = await startReceiver();
  try {
    const made = await seedEndpoint(request, admin, receiver.url, { description: 'Ōũŕ ĆŔM' });
    expect((await api(request, admin.token).post(`/api/webhooks/${made.id}/test`)).status()).toBe(202);
    await expect.poll(() => receiver.received.length, { timeout: 10_000 }).toBe(1);
    await context.addCookies([{ name: 'rally_lang', value: 'pseudo', url: baseURL as string }]);
    await page.goto('/settings');
    await expect(page.locator('html')).toHaveAttribute('lang', 'pseudo');
    await page.getByRole('tab', { name: /Ĩńţēĝŕàţĩōńś/ }).click();
    const endpoint = page.getByTestId('webhook-endpoint');
    await endpoint.getByRole('button', { name: /Ďēĺĩvēŕŷ ĺōĝ/ }).click();
    await expect(endpoint.getByTestId('webhook-delivery-row')).toHaveCount(1, { timeout: 10_000 });
    const report = (findings: AuditFinding[]) => findings.map((f) => `${f.kind}: ${f.text}`).join('\n');
    expect(report(await auditScreen(page, [admin.orgName, admin.username], 'main'))).toBe('');
    // The form, with the schema's messages on its fields.
    await page.getByRole('button', { name: /Àďď ēńďƥōĩńţ/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: /Àďď ēńďƥōĩńţ/ }).click();
    await expect(dialog.getByRole('alert')).toHaveCount(2);
    expect(report(await auditScreen(page, [], '[role="dialog"]'))).toBe('');
  } finally {
    await receiver.close();
  }
});

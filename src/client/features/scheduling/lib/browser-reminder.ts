import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { PushSubscriptionInput } from '#shared/schemas/reminders.ts';
import { apiRequest } from '#client/lib/api-client.ts';

/** The worker that shows reminder pushes. Its scope is its own folder: it controls no page. */
const WORKER_URL = '/assets/reminder-sw.js';

/** This browser can show a pushed reminder (service workers, Push API, notifications). */
export const browserRemindersSupported = (): boolean =>
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window;

const fromBase64Url = (s: string): Uint8Array<ArrayBuffer> => {
  const bin = atob(s.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return bytes;
};

function activated(reg: ServiceWorkerRegistration): Promise<void> {
  const worker = reg.installing ?? reg.waiting;
  if (reg.active || !worker) return Promise.resolve();
  return new Promise((resolve) => {
    worker.addEventListener('statechange', () => {
      if (worker.state === 'activated') resolve();
    });
  });
}

/**
 * Asks for permission to notify, registers the reminder worker and subscribes it to
 * pushes signed with the server's VAPID key. Call it from the click that asked for
 * browser reminders (the permission prompt needs the gesture). Throws with a message
 * the supporter can act on.
 */
export async function subscribeToReminders(): Promise<PushSubscriptionInput> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') {
    throw new Error(
      i18n._(
        msg`Notifications are blocked for this site. Allow them in your browser settings, or use email.`,
      ),
    );
  }
  const reg = await navigator.serviceWorker.register(WORKER_URL, { scope: '/assets/' });
  await activated(reg);
  const { publicKey } = await apiRequest<{ publicKey: string }>('GET', '/api/push/public-key');
  const subscription =
    (await reg.pushManager.getSubscription()) ??
    (await reg.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: fromBase64Url(publicKey),
    }));
  return subscription.toJSON() as PushSubscriptionInput;
}

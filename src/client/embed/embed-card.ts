// The embeddable share card's only script (a build entry of its own, see vite.config.ts):
// no React and no app code, so the card stays a few KB. Tapping a platform opens the
// platform's share link with a tracked URL and, once the window opened, logs it as an
// opened share (POST /api/shares, status `opened`, as the supporter page does): the
// post is finished in that window, where the card cannot see it, so it never says the
// share was made.
import { EMBED_DATA_ELEMENT_ID, type EmbedCardData } from '#shared/embed-card.ts';
import { PLATFORMS } from '#shared/platforms.ts';
import { COOKIE_CHOICE_PATH } from '#shared/privacy-notice.ts';
import {
  composeShareText,
  isIntentPlatform,
  newRefCode,
  shareIntentUrl,
  trackedUrl,
} from '#shared/share-links.ts';

const SHARE_POPUP = 'width=600,height=640';

const dataElement = document.getElementById(EMBED_DATA_ELEMENT_ID);
const status = document.getElementById('embed-status');

function say(text: string) {
  if (status) status.textContent = text;
}

/** The server's reason for refusing the log, or a plain one. */
async function refusal(res: Response): Promise<string> {
  try {
    const body = (await res.json()) as { message?: unknown };
    if (typeof body.message === 'string') return body.message;
  } catch {
    // Not JSON: fall through.
  }
  return 'please try again';
}

if (dataElement?.textContent) {
  const data = JSON.parse(dataElement.textContent) as EmbedCardData;
  for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-platform]')) {
    link.addEventListener('click', (event) => {
      const platform = link.dataset.platform ?? '';
      if (!isIntentPlatform(platform)) return;
      event.preventDefault();
      const ref = newRefCode();
      // The card's own origin is the app's: the tracked link leads to the full supporter page.
      const url = trackedUrl(location.origin, data.campaign.id, ref, data.asset.id);
      const target = shareIntentUrl(platform, {
        text: composeShareText(data.asset, data.campaign),
        url,
        subject: data.campaign.name,
      });
      // Opened straight from the tap, so no popup blocker steps in; mailto: hands over to the mail app.
      const win =
        platform === 'email' ? window.open(target, '_self') : window.open(target, '_blank', SHARE_POPUP);
      if (!win) {
        say('Your browser blocked the share window. Please allow pop-ups for this site and try again.');
        return;
      }
      if (platform !== 'email') {
        try {
          win.opener = null;
        } catch {
          // Cross-origin already: nothing to detach.
        }
      }
      const opened = platform === 'email' ? 'Your email app opened' : `${PLATFORMS[platform].name} opened`;
      // With keepalive, so it is not lost if the tap leaves the page.
      fetch('/api/shares', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        credentials: 'same-origin',
        keepalive: true,
        body: JSON.stringify({
          assetId: data.asset.id,
          platform,
          campaignId: data.campaign.id,
          organizationId: data.campaign.organizationId,
          status: 'opened',
          ref,
          // The variant the server chose for this visitor; the card is the share's source.
          variantId: data.asset.variant?.id,
          source: 'embed',
        }),
      }).then(
        async (res) =>
          say(
            res.ok
              ? `${opened}: finish your post there. Thank you for sharing!`
              : `${opened}, but it could not be recorded: ${await refusal(res)}`,
          ),
        () => say(`${opened}, but it could not be recorded: please check your connection.`),
      );
    });
  }
}

// The notice's choice about the visitor cookie: saved by the server (cookies only, in
// this site's partition when framed), then the card is shown again as it now stands.
const choice = document.getElementById('embed-cookie-choice');
choice?.addEventListener('click', () => {
  fetch(COOKIE_CHOICE_PATH, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    credentials: 'same-origin',
    body: JSON.stringify({
      visitorCookie: choice.dataset.visitorCookie === 'true',
      framed: choice.dataset.framed === 'true',
    }),
  }).then(
    (res) => (res.ok ? location.reload() : say('Your choice could not be saved: please try again.')),
    () => say('Your choice could not be saved: please check your connection.'),
  );
});

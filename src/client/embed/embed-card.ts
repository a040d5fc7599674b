// The embeddable share card's only script (a build entry of its own, see vite.config.ts):
// no React and no app code, so the card stays a few KB. Tapping a platform opens the
// platform's share link with a tracked URL and, once the window opened, logs it as an
// opened share (POST /api/shares, status `opened`, as the supporter page does): the
// post is finished in that window, where the card cannot see it, so it never says the
// share was made. What it says comes worded by the server in the card's language
// (`data.words`), so the card loads no catalog.
import {
  EMBED_DATA_ELEMENT_ID,
  EMBED_REASON,
  EMBED_WORDS_ELEMENT_ID,
  type EmbedCardData,
  type EmbedCardSpeech,
  type EmbedCardWords,
} from '#shared/embed-card.ts';
import { COOKIE_CHOICE_PATH } from '#shared/privacy-notice.ts';
import { isIntentPlatform, newRefCode, shareIntentUrl, trackedUrl } from '#shared/share-links.ts';
import { composeShareText } from '#shared/share-text.ts';

const SHARE_POPUP = 'width=600,height=640';

const dataElement = document.getElementById(EMBED_DATA_ELEMENT_ID);
const status = document.getElementById('embed-status');
const data = dataElement?.textContent ? (JSON.parse(dataElement.textContent) as EmbedCardData) : undefined;
const speechElement = document.getElementById(EMBED_WORDS_ELEMENT_ID);
const speech = speechElement?.textContent
  ? (JSON.parse(speechElement.textContent) as EmbedCardSpeech)
  : undefined;

function say(text: string) {
  if (status) status.textContent = text;
}

/** The server's reason for refusing the log (English readers), or a plain one. */
async function refusal(res: Response, words: EmbedCardWords): Promise<string> {
  if (!words.serverReasons) return words.tryAgain;
  try {
    const body = (await res.json()) as { message?: unknown };
    if (typeof body.message === 'string') return body.message;
  } catch {
    // Not JSON: fall through.
  }
  return words.tryAgain;
}

if (data && speech) {
  const { words } = speech;
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
        say(words.blocked);
        return;
      }
      if (platform !== 'email') {
        try {
          win.opener = null;
        } catch {
          // Cross-origin already: nothing to detach.
        }
      }
      const said = words.platforms[platform as keyof EmbedCardWords['platforms']];
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
          language: speech.language,
        }),
      }).then(
        async (res) =>
          say(res.ok ? said.logged : said.notLogged.replace(EMBED_REASON, await refusal(res, words))),
        () => say(said.offline),
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
    (res) => (res.ok ? location.reload() : say(speech?.words.choiceFailed ?? '')),
    () => say(speech?.words.choiceOffline ?? ''),
  );
});

// Links to a video site's page (YouTube, Vimeo...): a web page that plays the video, not
// the video file, so a <video> or <img> given one shows nothing (docs/api.md, POST /api/assets).

/** Video sites whose links are web pages that play the video, not the video file. */
const VIDEO_SITES: [host: string, name: string][] = [
  ['youtube.com', 'YouTube'],
  ['youtube-nocookie.com', 'YouTube'],
  ['youtu.be', 'YouTube'],
  ['vimeo.com', 'Vimeo'],
  ['tiktok.com', 'TikTok'],
  ['dailymotion.com', 'Dailymotion'],
  ['dai.ly', 'Dailymotion'],
  ['twitch.tv', 'Twitch'],
];

/** A path ending like a media file: a site's direct file link (Vimeo's progressive MP4s) plays. */
const MEDIA_FILE_PATH = /\.(mp4|webm|mov|m4v|png|jpe?g|gif|webp)$/i;

/** The video site whose page this URL is (by host, subdomains included), or null. */
export function videoSiteOf(value: string): string | null {
  let u: URL;
  try {
    u = new URL(value);
  } catch {
    return null;
  }
  if (MEDIA_FILE_PATH.test(u.pathname)) return null;
  const host = u.hostname.toLowerCase().replace(/\.$/, '');
  const site = VIDEO_SITES.find(([h]) => host === h || host.endsWith(`.${h}`));
  return site ? site[1] : null;
}

import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '#client/lib/api-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

// The campaign's QR files. Downloads are plain links (the session cookie signs them
// in, as with the CSV exports); the preview is read through the API client so that
// a refusal shows its message instead of a broken image.

/** Pixels of the PNG the dialog offers: sharp on a flyer at 10 cm and more. */
export const QR_DOWNLOAD_PNG_SIZE = 1024;

export const qrSvgUrl = (campaignId: number) => `/api/campaigns/${campaignId}/qr.svg`;

export const qrPngUrl = (campaignId: number, size = QR_DOWNLOAD_PNG_SIZE) =>
  `/api/campaigns/${campaignId}/qr.png?size=${size}`;

/** The poster; a blank line leaves the server's default (the description, or 'Scan to share'). */
export const posterPdfUrl = (campaignId: number, line: string) => {
  const base = `/api/campaigns/${campaignId}/poster.pdf`;
  return line.trim() ? `${base}?line=${encodeURIComponent(line.trim())}` : base;
};

/** The SVG as a data: URL for an <img> (the page's CSP allows data: images). */
export const useQrPreview = (campaignId: number) =>
  useQuery({
    queryKey: queryKeys.qrPreview(campaignId),
    queryFn: async () => {
      const svg = await (await apiFetch('GET', qrSvgUrl(campaignId))).text();
      return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
    },
  });

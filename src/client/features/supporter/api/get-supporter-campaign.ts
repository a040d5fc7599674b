import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SupporterCampaign } from '#shared/schemas/shares.ts';
import { SUPPORTER_DATA_ELEMENT_ID } from '#shared/share-links.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { queryKeys } from '#client/lib/query-keys.ts';

/**
 * The campaign the server embedded in the page's HTML, when it is this one. It is
 * read once: after client-side navigation the API is the source.
 */
let embedded: SupporterCampaign | undefined | null = null;
function embeddedCampaign(id: number): SupporterCampaign | undefined {
  if (embedded === null) {
    const el = document.getElementById(SUPPORTER_DATA_ELEMENT_ID);
    try {
      embedded = el?.textContent ? (JSON.parse(el.textContent) as SupporterCampaign) : undefined;
    } catch {
      embedded = undefined;
    }
  }
  return embedded?.campaign.id === id ? embedded : undefined;
}

/** Staff's preview of a change waiting for review (`?review=1`): the server applies it for members. */
const reviewing = () => typeof location !== 'undefined' && /[?&]review=/.test(location.search);

export const supporterCampaignQueryOptions = (id: number) => {
  const key = queryKeys.supporterCampaign(id);
  return queryOptions({
    queryKey: key,
    queryFn: () => apiRequest<SupporterCampaign>('GET', reviewing() ? `${key[0]}?review=1` : key[0]),
    initialData: () => (reviewing() ? undefined : embeddedCampaign(id)),
    enabled: Number.isInteger(id) && id > 0,
  });
};

export const useSupporterCampaign = (id: number) => useQuery(supporterCampaignQueryOptions(id));

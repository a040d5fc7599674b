import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';

// 'Add Your Personal Touch' templates. Each names the campaign and leads into the
// asset's share text, which the post carries right after the message (then the link),
// so the template never repeats the asset's words or its internal title. In the
// reader's language: the label is worded where it shows, the text when it is picked.

export interface MessageTemplate {
  id: string;
  label: MessageDescriptor;
  text: (campaignName: string) => string;
}

export const MESSAGE_TEMPLATES: MessageTemplate[] = [
  {
    id: 'why-i-support',
    label: msg`Why I Support`,
    text: (campaign) => t`I support ${campaign} because it matters to me and to my community. Here's why:`,
  },
  {
    id: 'join-me',
    label: msg`Join Me`,
    text: (campaign) => t`Join me in supporting ${campaign}! Take a minute to read this and pass it on:`,
  },
  {
    id: 'did-you-know',
    label: msg`Did You Know?`,
    text: (campaign) => t`Did you know? ${campaign} is making a real difference. See for yourself:`,
  },
  {
    id: 'important-cause',
    label: msg`Important Cause`,
    text: (campaign) => t`${campaign} is an important cause that deserves our attention. Please have a look:`,
  },
];

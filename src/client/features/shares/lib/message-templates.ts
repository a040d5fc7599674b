// 'Add Your Personal Touch' templates. Each names the campaign and leads into the
// asset's share text, which the post carries right after the message (then the link),
// so the template never repeats the asset's words or its internal title.

export interface MessageTemplate {
  id: string;
  label: string;
  text: (campaignName: string) => string;
}

export const MESSAGE_TEMPLATES: MessageTemplate[] = [
  {
    id: 'why-i-support',
    label: 'Why I Support',
    text: (c) => `I support ${c} because it matters to me and to my community. Here's why:`,
  },
  {
    id: 'join-me',
    label: 'Join Me',
    text: (c) => `Join me in supporting ${c}! Take a minute to read this and pass it on:`,
  },
  {
    id: 'did-you-know',
    label: 'Did You Know?',
    text: (c) => `Did you know? ${c} is making a real difference. See for yourself:`,
  },
  {
    id: 'important-cause',
    label: 'Important Cause',
    text: (c) => `${c} is an important cause that deserves our attention. Please have a look:`,
  },
];

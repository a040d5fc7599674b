// 'Add Your Personal Touch' templates: each fills in the campaign name and the asset title.

export interface MessageTemplate {
  id: string;
  label: string;
  text: (campaignName: string, assetTitle: string) => string;
}

export const MESSAGE_TEMPLATES: MessageTemplate[] = [
  {
    id: 'why-i-support',
    label: 'Why I Support',
    text: (c, a) =>
      `I support ${c} because it matters to me and to my community. "${a}" says it better than I can.`,
  },
  {
    id: 'join-me',
    label: 'Join Me',
    text: (c, a) => `Join me in supporting ${c}! Take a minute to look at "${a}" and pass it on.`,
  },
  {
    id: 'did-you-know',
    label: 'Did You Know?',
    text: (c, a) => `Did you know? ${c} is making a real difference. "${a}" shows how.`,
  },
  {
    id: 'important-cause',
    label: 'Important Cause',
    text: (c, a) =>
      `${c} is an important cause that deserves our attention. Please read "${a}" and share it.`,
  },
];

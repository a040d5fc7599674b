import { MESSAGE_TEMPLATES, type MessageTemplate } from './message-templates.ts';

// Kept apart from the templates, which the supporter page's entry loads: this is
// only for the share dialog, which loads lazily.

/** A message as the repeated-message check compares it, roughly: case and spacing do not count. */
export const comparable = (text: string): string => text.toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * A template to start rewording a repeated message from: the first one that is not
 * the message itself (a supporter who used a template word for word is offered the next).
 */
export function startingPoint(campaignName: string, message: string): MessageTemplate {
  const current = comparable(message);
  return MESSAGE_TEMPLATES.find((t) => comparable(t.text(campaignName)) !== current) ?? MESSAGE_TEMPLATES[0]!;
}

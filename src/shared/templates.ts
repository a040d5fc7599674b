import type { Template, TemplateAsset } from './schemas/templates.ts';

// The built-in campaign templates (nine, in four categories), shared so the
// Templates page lists exactly what 'Use this template' creates. Starter assets are
// text posts: ready to share as they are, and easy for the organisation to edit or
// to complement with their own images.

export const TEMPLATE_CATEGORIES = ['Social Media', 'Awareness', 'Fundraising', 'Advocacy'] as const;
export const CUSTOM_TEMPLATE_CATEGORY = 'My Templates';
export const CUSTOM_TEMPLATE_PREFIX = 'custom-';

const text = (title: string, content: string, description: string | null = null): TemplateAsset => ({
  title,
  description,
  type: 'text',
  content,
});

export const BUILT_IN_TEMPLATES: readonly Template[] = [
  {
    id: 'follower-growth',
    name: 'Follower Growth',
    description: 'Grow your audience by asking supporters to introduce you to their followers.',
    category: 'Social Media',
    builtIn: true,
    assets: [
      text(
        'Follow our work',
        "I follow this organisation because they turn good intentions into real change. Follow them too and see what they're building.",
        'A personal recommendation supporters post to their followers.',
      ),
      text(
        'Why I follow',
        'Looking for voices worth following? This is one of mine: honest updates, real impact, and ways to help.',
      ),
    ],
  },
  {
    id: 'content-series',
    name: 'Content Series',
    description: 'A numbered run of posts that keeps your story in front of people week after week.',
    category: 'Social Media',
    builtIn: true,
    assets: [
      text(
        'Part 1: Where it starts',
        'Part 1 of our series: where the problem starts and who it affects. Follow along.',
      ),
      text('Part 2: What we do', 'Part 2: what we do about it, every day, and what has already changed.'),
      text('Part 3: How you help', 'Part 3: how you can help. One share brings the next person in.'),
    ],
  },
  {
    id: 'viral-challenge',
    name: 'Viral Challenge',
    description: 'A simple challenge supporters take on and pass to three friends.',
    category: 'Social Media',
    builtIn: true,
    assets: [
      text(
        'Take the challenge',
        "I just took the challenge! Now it's your turn: take part, share it, and tag three friends to keep it going.",
      ),
      text(
        'I nominate you',
        'Challenge accepted. I nominate you next: join in and pass it on within 24 hours.',
      ),
    ],
  },
  {
    id: 'issue-spotlight',
    name: 'Issue Spotlight',
    description: 'Put one issue in the spotlight with a clear fact and a call to learn more.',
    category: 'Awareness',
    builtIn: true,
    assets: [
      text(
        'The issue in one line',
        "Most people don't know how big this issue is. Take one minute to learn about it and share what you find.",
      ),
      text('Why it matters', 'This affects people in our own community. Awareness is where change starts.'),
    ],
  },
  {
    id: 'educational-series',
    name: 'Educational Series',
    description: 'Short lessons that explain the cause, one fact at a time.',
    category: 'Awareness',
    builtIn: true,
    assets: [
      text(
        'Did you know? #1',
        'Did you know? Small, everyday actions add up to measurable change. Here is how.',
      ),
      text(
        'Did you know? #2',
        'Did you know? Most progress on this cause came from ordinary people speaking up.',
      ),
      text(
        'Myth vs fact',
        "Myth: one person can't make a difference. Fact: every campaign started with one person.",
      ),
    ],
  },
  {
    id: 'donation-drive',
    name: 'Donation Drive',
    description: 'Raise funds with a clear ask and a goal supporters can rally behind.',
    category: 'Fundraising',
    builtIn: true,
    assets: [
      text(
        'Donate today',
        'Every gift counts. I just donated to help reach our goal: will you give what you can today? Even a small donation makes a real difference.',
        'The donation ask supporters share.',
      ),
      text(
        'What your gift does',
        'Your donation goes straight to the work: every contribution brings us closer to our goal. Please donate and share.',
      ),
    ],
  },
  {
    id: 'matching-campaign',
    name: 'Matching Campaign',
    description: 'Double every gift: a matching pledge makes each donation count twice.',
    category: 'Fundraising',
    builtIn: true,
    assets: [
      text(
        'Your gift, doubled',
        'For a limited time every donation is matched: give today and your gift counts twice. Please donate and share.',
      ),
      text('Match deadline', "The match ends soon! Don't miss the chance to double your impact: donate now."),
    ],
  },
  {
    id: 'legislative-action',
    name: 'Legislative Action',
    description: 'Move supporters to contact their representatives before a key vote.',
    category: 'Advocacy',
    builtIn: true,
    assets: [
      text(
        'Contact your representative',
        'A vote is coming up. I just contacted my representative: it takes two minutes. Add your voice and ask them to act.',
      ),
      text(
        'Before the vote',
        'Lawmakers count every message. Call or write to your representative before the vote.',
      ),
    ],
  },
  {
    id: 'volunteer-recruitment',
    name: 'Volunteer Recruitment',
    description: 'Recruit volunteers by sharing what helping looks like and how to sign up.',
    category: 'Advocacy',
    builtIn: true,
    assets: [
      text(
        'Volunteers wanted',
        "We're looking for volunteers! A few hours make a real difference. Sign up and bring a friend.",
      ),
      text('Why I volunteer', 'I volunteer because change needs hands as well as hearts. Join me.'),
    ],
  },
];

export function findBuiltInTemplate(id: string): Template | undefined {
  return BUILT_IN_TEMPLATES.find((t) => t.id === id);
}

// The built-in campaign templates (nine, in four categories), in every language: their
// words are in the `server` catalog with explicit ids (`template.<id>.name`,
// `template.<id>.asset.<n>.content`, ...), since only the server words them: the API
// serves them, and 'Use this template' creates their assets, in the member's language.
// (In src/shared they would land in the catalog the supporter page loads.) Starter
// assets are text posts: ready to share as they are, and easy for the organisation to
// edit or to complement with their own images.
import type { Template, TemplateAsset } from '#shared/schemas/templates.ts';
import type { TemplateCategory } from '#shared/templates.ts';
import { type MessageLocale, translate } from '../../lib/messages.ts';

type Words = { id: string; message: string };
interface BuiltInTemplate {
  id: string;
  category: TemplateCategory;
  name: Words;
  description: Words;
  assets: { title: Words; content: Words; description?: Words }[];
}

export const BUILT_IN_TEMPLATE_WORDS: readonly BuiltInTemplate[] = [
  {
    id: 'follower-growth',
    category: 'Social Media',
    name: /*i18n*/ { id: 'template.follower-growth.name', message: 'Follower Growth' },
    description: /*i18n*/ {
      id: 'template.follower-growth.description',
      message: 'Grow your audience by asking supporters to introduce you to their followers.',
    },
    assets: [
      {
        title: /*i18n*/ { id: 'template.follower-growth.asset.1.title', message: 'Follow our work' },
        content: /*i18n*/ {
          id: 'template.follower-growth.asset.1.content',
          message:
            "I follow this organisation because they turn good intentions into real change. Follow them too and see what they're building.",
        },
        description: /*i18n*/ {
          id: 'template.follower-growth.asset.1.description',
          message: 'A personal recommendation supporters post to their followers.',
        },
      },
      {
        title: /*i18n*/ { id: 'template.follower-growth.asset.2.title', message: 'Why I follow' },
        content: /*i18n*/ {
          id: 'template.follower-growth.asset.2.content',
          message:
            'Looking for voices worth following? This is one of mine: honest updates, real impact, and ways to help.',
        },
      },
    ],
  },
  {
    id: 'content-series',
    category: 'Social Media',
    name: /*i18n*/ { id: 'template.content-series.name', message: 'Content Series' },
    description: /*i18n*/ {
      id: 'template.content-series.description',
      message: 'A numbered run of posts that keeps your story in front of people week after week.',
    },
    assets: [
      {
        title: /*i18n*/ { id: 'template.content-series.asset.1.title', message: 'Part 1: Where it starts' },
        content: /*i18n*/ {
          id: 'template.content-series.asset.1.content',
          message: 'Part 1 of our series: where the problem starts and who it affects. Follow along.',
        },
      },
      {
        title: /*i18n*/ { id: 'template.content-series.asset.2.title', message: 'Part 2: What we do' },
        content: /*i18n*/ {
          id: 'template.content-series.asset.2.content',
          message: 'Part 2: what we do about it, every day, and what has already changed.',
        },
      },
      {
        title: /*i18n*/ { id: 'template.content-series.asset.3.title', message: 'Part 3: How you help' },
        content: /*i18n*/ {
          id: 'template.content-series.asset.3.content',
          message: 'Part 3: how you can help. One share brings the next person in.',
        },
      },
    ],
  },
  {
    id: 'viral-challenge',
    category: 'Social Media',
    name: /*i18n*/ { id: 'template.viral-challenge.name', message: 'Viral Challenge' },
    description: /*i18n*/ {
      id: 'template.viral-challenge.description',
      message: 'A simple challenge supporters take on and pass to three friends.',
    },
    assets: [
      {
        title: /*i18n*/ { id: 'template.viral-challenge.asset.1.title', message: 'Take the challenge' },
        content: /*i18n*/ {
          id: 'template.viral-challenge.asset.1.content',
          message:
            "I just took the challenge! Now it's your turn: take part, share it, and tag three friends to keep it going.",
        },
      },
      {
        title: /*i18n*/ { id: 'template.viral-challenge.asset.2.title', message: 'I nominate you' },
        content: /*i18n*/ {
          id: 'template.viral-challenge.asset.2.content',
          message: 'Challenge accepted. I nominate you next: join in and pass it on within 24 hours.',
        },
      },
    ],
  },
  {
    id: 'issue-spotlight',
    category: 'Awareness',
    name: /*i18n*/ { id: 'template.issue-spotlight.name', message: 'Issue Spotlight' },
    description: /*i18n*/ {
      id: 'template.issue-spotlight.description',
      message: 'Put one issue in the spotlight with a clear fact and a call to learn more.',
    },
    assets: [
      {
        title: /*i18n*/ { id: 'template.issue-spotlight.asset.1.title', message: 'The issue in one line' },
        content: /*i18n*/ {
          id: 'template.issue-spotlight.asset.1.content',
          message:
            "Most people don't know how big this issue is. Take one minute to learn about it and share what you find.",
        },
      },
      {
        title: /*i18n*/ { id: 'template.issue-spotlight.asset.2.title', message: 'Why it matters' },
        content: /*i18n*/ {
          id: 'template.issue-spotlight.asset.2.content',
          message: 'This affects people in our own community. Awareness is where change starts.',
        },
      },
    ],
  },
  {
    id: 'educational-series',
    category: 'Awareness',
    name: /*i18n*/ { id: 'template.educational-series.name', message: 'Educational Series' },
    description: /*i18n*/ {
      id: 'template.educational-series.description',
      message: 'Short lessons that explain the cause, one fact at a time.',
    },
    assets: [
      {
        title: /*i18n*/ { id: 'template.educational-series.asset.1.title', message: 'Did you know? #1' },
        content: /*i18n*/ {
          id: 'template.educational-series.asset.1.content',
          message: 'Did you know? Small, everyday actions add up to measurable change. Here is how.',
        },
      },
      {
        title: /*i18n*/ { id: 'template.educational-series.asset.2.title', message: 'Did you know? #2' },
        content: /*i18n*/ {
          id: 'template.educational-series.asset.2.content',
          message: 'Did you know? Most progress on this cause came from ordinary people speaking up.',
        },
      },
      {
        title: /*i18n*/ { id: 'template.educational-series.asset.3.title', message: 'Myth vs fact' },
        content: /*i18n*/ {
          id: 'template.educational-series.asset.3.content',
          message: "Myth: one person can't make a difference. Fact: every campaign started with one person.",
        },
      },
    ],
  },
  {
    id: 'donation-drive',
    category: 'Fundraising',
    name: /*i18n*/ { id: 'template.donation-drive.name', message: 'Donation Drive' },
    description: /*i18n*/ {
      id: 'template.donation-drive.description',
      message: 'Raise funds with a clear ask and a goal supporters can rally behind.',
    },
    assets: [
      {
        title: /*i18n*/ { id: 'template.donation-drive.asset.1.title', message: 'Donate today' },
        content: /*i18n*/ {
          id: 'template.donation-drive.asset.1.content',
          message:
            'Every gift counts. I just donated to help reach our goal: will you give what you can today? Even a small donation makes a real difference.',
        },
        description: /*i18n*/ {
          id: 'template.donation-drive.asset.1.description',
          message: 'The donation ask supporters share.',
        },
      },
      {
        title: /*i18n*/ { id: 'template.donation-drive.asset.2.title', message: 'What your gift does' },
        content: /*i18n*/ {
          id: 'template.donation-drive.asset.2.content',
          message:
            'Your donation goes straight to the work: every contribution brings us closer to our goal. Please donate and share.',
        },
      },
    ],
  },
  {
    id: 'matching-campaign',
    category: 'Fundraising',
    name: /*i18n*/ { id: 'template.matching-campaign.name', message: 'Matching Campaign' },
    description: /*i18n*/ {
      id: 'template.matching-campaign.description',
      message: 'Double every gift: a matching pledge makes each donation count twice.',
    },
    assets: [
      {
        title: /*i18n*/ { id: 'template.matching-campaign.asset.1.title', message: 'Your gift, doubled' },
        content: /*i18n*/ {
          id: 'template.matching-campaign.asset.1.content',
          message:
            'For a limited time every donation is matched: give today and your gift counts twice. Please donate and share.',
        },
      },
      {
        title: /*i18n*/ { id: 'template.matching-campaign.asset.2.title', message: 'Match deadline' },
        content: /*i18n*/ {
          id: 'template.matching-campaign.asset.2.content',
          message: "The match ends soon! Don't miss the chance to double your impact: donate now.",
        },
      },
    ],
  },
  {
    id: 'legislative-action',
    category: 'Advocacy',
    name: /*i18n*/ { id: 'template.legislative-action.name', message: 'Legislative Action' },
    description: /*i18n*/ {
      id: 'template.legislative-action.description',
      message: 'Move supporters to contact their representatives before a key vote.',
    },
    assets: [
      {
        title: /*i18n*/ {
          id: 'template.legislative-action.asset.1.title',
          message: 'Contact your representative',
        },
        content: /*i18n*/ {
          id: 'template.legislative-action.asset.1.content',
          message:
            'A vote is coming up. I just contacted my representative: it takes two minutes. Add your voice and ask them to act.',
        },
      },
      {
        title: /*i18n*/ { id: 'template.legislative-action.asset.2.title', message: 'Before the vote' },
        content: /*i18n*/ {
          id: 'template.legislative-action.asset.2.content',
          message: 'Lawmakers count every message. Call or write to your representative before the vote.',
        },
      },
    ],
  },
  {
    id: 'volunteer-recruitment',
    category: 'Advocacy',
    name: /*i18n*/ { id: 'template.volunteer-recruitment.name', message: 'Volunteer Recruitment' },
    description: /*i18n*/ {
      id: 'template.volunteer-recruitment.description',
      message: 'Recruit volunteers by sharing what helping looks like and how to sign up.',
    },
    assets: [
      {
        title: /*i18n*/ { id: 'template.volunteer-recruitment.asset.1.title', message: 'Volunteers wanted' },
        content: /*i18n*/ {
          id: 'template.volunteer-recruitment.asset.1.content',
          message:
            "We're looking for volunteers! A few hours make a real difference. Sign up and bring a friend.",
        },
      },
      {
        title: /*i18n*/ { id: 'template.volunteer-recruitment.asset.2.title', message: 'Why I volunteer' },
        content: /*i18n*/ {
          id: 'template.volunteer-recruitment.asset.2.content',
          message: 'I volunteer because change needs hands as well as hearts. Join me.',
        },
      },
    ],
  },
];

const cache = new Map<MessageLocale, readonly Template[]>();

/** The built-in templates worded in a language (made once per language). */
export function builtInTemplates(locale: MessageLocale): readonly Template[] {
  let templates = cache.get(locale);
  if (!templates) {
    const say = (words: Words) => translate(locale, words);
    templates = BUILT_IN_TEMPLATE_WORDS.map((t) => ({
      id: t.id,
      name: say(t.name),
      description: say(t.description),
      category: t.category,
      builtIn: true,
      assets: t.assets.map(
        (a): TemplateAsset => ({
          title: say(a.title),
          description: a.description ? say(a.description) : null,
          type: 'text',
          content: say(a.content),
        }),
      ),
    }));
    cache.set(locale, templates);
  }
  return templates;
}

/** A built-in template in a language, or undefined for any other id. */
export function findBuiltInTemplate(id: string, locale: MessageLocale): Template | undefined {
  return builtInTemplates(locale).find((t) => t.id === id);
}

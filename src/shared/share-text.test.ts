import { describe, expect, it } from 'vitest';
import {
  composeShareText,
  endsWithDisclosure,
  lockedMessageOf,
  messageOf,
  shareWords,
} from './share-text.ts';

const campaign = { name: 'Clean Rivers', description: null, disclosure: ' #ad ' };
const text = { type: 'text', content: 'Write to your MP today.' };
const image = { type: 'image', content: '/uploads/a.png', shareText: 'Clean rivers' };

describe('composeShareText', () => {
  it('is the message, the asset words, then the disclosure, a blank line between', () => {
    expect(composeShareText(text, campaign, '  I care  ')).toBe('I care\n\nWrite to your MP today.\n\n#ad');
    expect(composeShareText(image, campaign)).toBe('Clean rivers\n\n#ad');
    expect(composeShareText(text, { ...campaign, disclosure: null }, 'Me')).toBe(
      'Me\n\nWrite to your MP today.',
    );
    expect(composeShareText(text, { ...campaign, disclosure: '  ' })).toBe('Write to your MP today.');
  });

  it("takes the supporter's words only where the asset lets them edit, and never a blank edit", () => {
    expect(composeShareText(text, campaign, 'Me', 'My words')).toBe('Me\n\nWrite to your MP today.\n\n#ad');
    const editable = { ...text, textEditable: true };
    expect(composeShareText(editable, campaign, 'Me', 'My words')).toBe('Me\n\nMy words\n\n#ad');
    expect(composeShareText(editable, campaign, undefined, '   ')).toBe('Write to your MP today.\n\n#ad');
    expect(shareWords(editable, campaign, ' Mine ')).toBe('Mine');
  });
});

describe('endsWithDisclosure', () => {
  it('asks for the line at the end, trailing spaces aside', () => {
    expect(endsWithDisclosure('Hi\n\n#ad', '#ad')).toBe(true);
    expect(endsWithDisclosure('Hi\n\n#ad \n', ' #ad')).toBe(true);
    expect(endsWithDisclosure('#ad\n\nHi', '#ad')).toBe(false);
    expect(endsWithDisclosure('Hi', null)).toBe(true);
    expect(endsWithDisclosure('Hi', '')).toBe(true);
  });
});

describe('messageOf', () => {
  it('gives back the personal message of composed words, the disclosure set aside', () => {
    expect(messageOf(composeShareText(text, campaign, 'I care'), text, campaign)).toBe('I care');
    expect(messageOf(composeShareText(text, campaign), text, campaign)).toBe('');
    // Words kept before the disclosure line existed.
    expect(messageOf('I care\n\nWrite to your MP today.', text, campaign)).toBe('I care');
  });
});

describe('lockedMessageOf', () => {
  const asset = { type: 'text', content: 'Save the park' };
  const campaign = { name: 'Park', disclosure: '#ad' };
  const words = ['Save the park'];

  it('reads the message of exactly what composeShareText makes, for any message', () => {
    for (const message of ['', 'Me too', 'Two\n\nparagraphs'])
      expect(lockedMessageOf(composeShareText(asset, campaign, message), words, '#ad')).toBe(message);
    expect(lockedMessageOf('Save the park', words, null)).toBe('');
    expect(lockedMessageOf('Me\n\nSave the park  \n', words, undefined)).toBe('Me');
  });

  it('refuses text after the words or the line, and words changed or joined to the message', () => {
    for (const text of [
      'Me\n\nSave the park today\n\n#ad',
      'Me\n\nSave the park\n\nor not\n\n#ad',
      'Me\n\nSave the park\n\n#ad and more',
      'Me\n\nSave the park\n\nmore #ad',
      'Me\n\nDo not Save the park\n\n#ad',
      'Me Save the park\n\n#ad',
      '\n\nSave the park\n\n#ad',
      'Save the park#ad',
      '#ad',
    ])
      expect(lockedMessageOf(text, words, '#ad'), text).toBeUndefined();
  });
});

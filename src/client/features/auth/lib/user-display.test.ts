import { i18n } from '@lingui/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { displayName, initials, roleLabel } from './user-display.ts';

// The English source messages.
beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

/** A profile's username, first and last name, and what the helper draws from them. */
type Row = [username: string, firstName: string | null, lastName: string | null, shown: string];

describe('user display helpers', () => {
  it.each<Row>([
    ['ada', 'Ada', 'Lovelace', 'Ada Lovelace'],
    ['ada', '  ', null, 'ada'],
    ['ada', null, 'Lovelace', 'Lovelace'],
  ])(
    'names %s / %s / %s as %s: the full name when there is one, else the username',
    (username, firstName, lastName, shown) => {
      expect(displayName({ username, firstName, lastName })).toBe(shown);
    },
  );

  it.each<Row>([
    ['ada', 'Ada', 'Lovelace', 'AL'],
    ['grace', 'grace', null, 'G'],
    ['zoë', null, null, 'ZO'],
    ['🙂x', null, null, '🙂X'],
  ])('draws %s / %s / %s as the initials %s', (username, firstName, lastName, shown) => {
    expect(initials({ username, firstName, lastName })).toBe(shown);
  });

  it.each([
    ['admin', 'Admin'],
    ['user', 'User'],
    ['', 'User'],
    [null, 'User'],
  ])("labels the role %j as %s, 'User' by default", (role, label) => {
    expect(roleLabel(role)).toBe(label);
  });
});

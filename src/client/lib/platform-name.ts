import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { PLATFORMS, type PlatformId } from '#shared/platforms.ts';

// A platform's name as a reader sees it: the brands as they are in every language, and
// the one that is no brand (Email) in the reader's.
const EMAIL = msg`Email`;

export const platformLabel = (i18n: I18n, platform: PlatformId): string =>
  platform === 'email' ? i18n._(EMAIL) : PLATFORMS[platform].name;

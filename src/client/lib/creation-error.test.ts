import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { NetworkError, NETWORK_FAILURE, NO_ANSWER, REQUEST_TIMEOUT_MS } from './api-client.ts';
import { creationFailure } from './creation-error.ts';

// The words of an English reader: the source language, compiled from the code's own messages.
i18n.loadAndActivate({ locale: 'en', messages: {} });

describe('creationFailure', () => {
  it('says a request that got no answer in time timed out, not only that it failed', () => {
    const err = new NetworkError(undefined, NO_ANSWER(REQUEST_TIMEOUT_MS), true);
    expect(creationFailure(err, 'campaign')).toEqual({
      title: 'Error',
      description:
        'Failed to create campaign. Rally did not answer within 10 seconds. Check your internet connection and try again.',
    });
  });

  it('keeps the plain words for a request that could not go out at all', () => {
    expect(creationFailure(new NetworkError(undefined, i18n._(NETWORK_FAILURE)), 'asset')).toEqual({
      title: 'Error',
      description: 'Failed to create asset. Please try again.',
    });
  });
});

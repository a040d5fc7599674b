import { useEffect, useState } from 'react';
import { loadTweetParser, type ParseTweet } from '../lib/platform-length.ts';

/** X's own length counter, loaded on first use (it is large); null until it has arrived. */
export function useTweetParser(): ParseTweet | null {
  const [parse, setParse] = useState<ParseTweet | null>(null);
  useEffect(() => {
    let alive = true;
    void loadTweetParser().then((p) => alive && setParse(() => p));
    return () => {
      alive = false;
    };
  }, []);
  return parse;
}

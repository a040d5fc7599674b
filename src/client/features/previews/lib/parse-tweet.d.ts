// The one function we need from twitter-text, imported on its own so the lazy chunk
// leaves out autolinking and the rest of the package.
declare module 'twitter-text/dist/esm/parseTweet.js' {
  import type { parseTweet } from 'twitter-text';
  const parse: typeof parseTweet;
  export default parse;
}

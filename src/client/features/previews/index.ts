export { PlatformPreview, PREVIEW_PLATFORMS, type PreviewPlatform } from './components/platform-previews.tsx';
export { ShareTextCounter } from './components/share-text-counter.tsx';
export { TweetLength } from './components/tweet-length.tsx';

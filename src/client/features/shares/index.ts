export {
  MessageGuard,
  ReminderShareDialog,
  ShareDialog,
  preloadShareDialog,
} from './components/lazy-dialogs.tsx';
export { PersonalMessage } from './components/personal-message.tsx';
export { SaveAndCopyButtons, ShareButtons } from './components/share-buttons.tsx';
export { isMobileDevice } from './lib/device.ts';
export { TOASTS } from './lib/messages.ts';
export { copyAssetText, type ShareCampaign, shareTo } from './lib/share.ts';
export {
  arrivalRef,
  arrivalSource,
  rememberArrivalRef,
  rememberArrivalSource,
} from './lib/referral.ts';

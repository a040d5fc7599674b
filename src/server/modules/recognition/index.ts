// Recognition (docs/api.md "Momentum"): supporters' display names and their opt-in to
// the boards, a campaign's public board, staff hiding a name, and the staff leaderboard.
export { displayNameRefusal } from './profiles.service.ts';
export { recognitionRoutes } from './recognition.routes.ts';

// Lengths of time in milliseconds, for client, server and tests: defined once in
// constants.ts (see there why).
export { DAY_MS, HOUR_MS, MINUTE_MS, SECOND_MS } from './constants.ts';

import { msg } from '@lingui/core/macro';

// Staff's preview of a change waiting for review (`?review=1`, the server answering the
// JSON with `preview: 'review'`): the page works as a supporter's would, but it records
// nothing. Its visit is not confirmed (supporter-page.tsx), and the writes that record
// a share (logged or scheduled) or a moment's commitment are refused here, before any
// request, with words saying why.

let previewing = false;

/** Set by the supporter page once its JSON says it is staff's preview of a waiting change. */
export function setStaffPreview(on: boolean): void {
  previewing = on;
}

/** The words of a write a preview refuses. */
export const PREVIEW_RECORDS_NOTHING = msg`This is a preview: nothing you share here is recorded.`;

/** The supporter writes that record a share or a commitment. */
const RECORDING = /^\/api\/(shares(\/schedule)?|supporter\/moments\/\d+\/commit)(\?|$)/;

/** Whether this request is one a preview must not send. */
export const refusedInPreview = (method: string, url: string): boolean =>
  previewing && method !== 'GET' && RECORDING.test(url);

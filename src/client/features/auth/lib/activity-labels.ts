import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ActivityItem } from '#shared/schemas/account.ts';

// How an audit entry reads in the profile's Recent Activity, and (said of the member who
// acted) in the organisation's log. `target` is what the server recorded the action on
// (a campaign or asset name, a username, an email): the messages' {target}.

/** One message, or apart the member's own ("your") and the organisation log's ("their"). */
type Label = MessageDescriptor | { own: MessageDescriptor; org: MessageDescriptor };

const LABELS: Record<string, Label> = {
  'auth.sign_in': msg`Signed in`,
  'auth.sign_out': msg`Signed out`,
  'account.profile_updated': { own: msg`Updated your profile`, org: msg`Updated their profile` },
  'account.password_changed': { own: msg`Changed your password`, org: msg`Changed their password` },
  'account.password_reset': { own: msg`Reset your password`, org: msg`Reset their password` },
  'account.session_ended': msg`Signed out another session`,
  'account.email_change_requested': {
    own: msg`Asked to change your email: {target}`,
    org: msg`Asked to change their email: {target}`,
  },
  'account.email_changed': {
    own: msg`Changed your email: {target}`,
    org: msg`Changed their email: {target}`,
  },
  'account.email_change_undone': msg`Undid an email change: {target}`,
  'account.notifications_updated': {
    own: msg`Changed your email notifications: {target}`,
    org: msg`Changed their email notifications: {target}`,
  },
  'account.deleted': { own: msg`Deleted your account`, org: msg`Deleted their account` },
  'organization.created': msg`Created the organization {target}`,
  'organization.settings_updated': msg`Updated the organization settings`,
  'member.joined': msg`Joined {target}`,
  'member.role_changed': msg`Changed the role of {target}`,
  'member.removed': msg`Removed {target} from the organization`,
  'member.left': msg`Left the organization`,
  'invitation.created': msg`Invited {target}`,
  'invitation.revoked': msg`Revoked the invitation for {target}`,
  'api_key.created': msg`Created the API key {target}`,
  'api_key.revoked': msg`Revoked the API key {target}`,
  'campaign.created': msg`Created campaign {target}`,
  'campaign.updated': msg`Edited campaign {target}`,
  'campaign.status_changed': msg`Changed the status of campaign {target}`,
  'campaign.archived': msg`Archived campaign {target}`,
  'campaign.duplicated': msg`Duplicated campaign {target}`,
  'asset.created': msg`Added asset {target}`,
  'asset.updated': msg`Edited asset {target}`,
  'asset.deleted': msg`Deleted asset {target}`,
  'moment.created': msg`Set a shared moment: {target}`,
  'moment.deleted': msg`Deleted a shared moment: {target}`,
  'campaign.assets_reordered': msg`Reordered the assets of campaign {target}`,
  'template.created': msg`Saved the template {target}`,
  'template.used': msg`Created campaign {target}`,
  'upload.created': msg`Uploaded {target}`,
  'privacy.exported': msg`Exported a supporter's data: {target}`,
  'privacy.erased': msg`Erased a supporter's data: {target}`,
  'supporter_name.hidden': msg`Hid a name on the supporter boards: {target}`,
  'supporter_name.unhidden': msg`Showed a name on the supporter boards again: {target}`,
};

type Entry = Pick<ActivityItem, 'action' | 'target'> & Partial<Pick<ActivityItem, 'apiKey'>>;

/** An entry in the active language, as the member reads their own (`own`) or as the log says it. */
function label(item: Entry, whose: 'own' | 'org'): string {
  const found = LABELS[item.action];
  const target = item.target;
  const descriptor: MessageDescriptor | undefined = found && {
    ...('own' in found ? found[whose] : found),
    values: { target },
  };
  const text = descriptor
    ? i18n._(descriptor)
    : // An action this client does not know yet reads as itself.
      target
      ? `${item.action.replaceAll(/[._]/g, ' ')}: ${target}`
      : item.action;
  const key = item.apiKey?.name;
  return key ? i18n._(msg`${text} (with the API key ${key})`) : text;
}

/**
 * A readable sentence for one entry; an action this client does not know yet reads as
 * itself. What an API key did says so, with the key's name.
 */
export const activityLabel = (item: Entry): string => label(item, 'own');

/** Every action this client can name, in the order of the labels above (the activity log's filter). */
export const ACTIVITY_ACTIONS: string[] = Object.keys(LABELS);

/** The name of an action's group ('campaign.created' -> 'campaign'). */
export const actionGroup = (action: string) => action.split('.')[0];

/** An entry of the organisation's log, said of the member who acted ("Changed their password"). */
export const orgActivityLabel = (item: Entry): string => label(item, 'org');

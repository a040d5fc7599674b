import type { ActivityItem } from '#shared/schemas/account.ts';

// How an audit entry reads in the profile's Recent Activity. `target` is what the
// server recorded the action on (a campaign or asset name, a username, an email).

type Label = string | ((target: string) => string);

const LABELS: Record<string, Label> = {
  'auth.sign_in': 'Signed in',
  'auth.sign_out': 'Signed out',
  'account.profile_updated': 'Updated your profile',
  'account.password_changed': 'Changed your password',
  'account.password_reset': 'Reset your password',
  'account.session_ended': 'Signed out another session',
  'account.email_change_requested': (t) => `Asked to change your email: ${t}`,
  'account.email_changed': (t) => `Changed your email: ${t}`,
  'account.email_change_undone': (t) => `Undid an email change: ${t}`,
  'account.notifications_updated': (t) => `Changed your email notifications: ${t}`,
  'account.deleted': 'Deleted your account',
  'organization.created': (t) => `Created the organization ${t}`,
  'organization.settings_updated': 'Updated the organization settings',
  'member.joined': (t) => `Joined ${t}`,
  'member.role_changed': (t) => `Changed the role of ${t}`,
  'member.removed': (t) => `Removed ${t} from the organization`,
  'member.left': 'Left the organization',
  'invitation.created': (t) => `Invited ${t}`,
  'invitation.revoked': (t) => `Revoked the invitation for ${t}`,
  'api_key.created': (t) => `Created the API key ${t}`,
  'api_key.revoked': (t) => `Revoked the API key ${t}`,
  'campaign.created': (t) => `Created campaign ${t}`,
  'campaign.updated': (t) => `Edited campaign ${t}`,
  'campaign.status_changed': (t) => `Changed the status of campaign ${t}`,
  'campaign.archived': (t) => `Archived campaign ${t}`,
  'campaign.duplicated': (t) => `Duplicated campaign ${t}`,
  'asset.created': (t) => `Added asset ${t}`,
  'asset.updated': (t) => `Edited asset ${t}`,
  'asset.deleted': (t) => `Deleted asset ${t}`,
  'campaign.assets_reordered': (t) => `Reordered the assets of campaign ${t}`,
  'template.created': (t) => `Saved the template ${t}`,
  'template.used': (t) => `Created campaign ${t}`,
  'upload.created': (t) => `Uploaded ${t}`,
  'privacy.exported': (t) => `Exported a supporter's data: ${t}`,
  'privacy.erased': (t) => `Erased a supporter's data: ${t}`,
};

/**
 * A readable sentence for one entry; an action this client does not know yet reads as
 * itself. What an API key did says so, with the key's name.
 */
export function activityLabel(
  item: Pick<ActivityItem, 'action' | 'target'> & Partial<Pick<ActivityItem, 'apiKey'>>,
): string {
  const label = LABELS[item.action];
  const text =
    typeof label === 'string'
      ? label
      : label
        ? label(item.target)
        : item.target
          ? `${item.action.replaceAll(/[._]/g, ' ')}: ${item.target}`
          : item.action;
  return item.apiKey ? `${text} (with the API key ${item.apiKey.name})` : text;
}

/** Every action this client can name, in the order of the labels above (the activity log's filter). */
export const ACTIVITY_ACTIONS: string[] = Object.keys(LABELS);

/** The name of an action's group ('campaign.created' -> 'campaign'). */
export const actionGroup = (action: string) => action.split('.')[0];

/** An entry of the organisation's log, said of the member who acted ("Changed their password"). */
export function orgActivityLabel(item: Parameters<typeof activityLabel>[0]): string {
  return activityLabel(item).replaceAll(/\byour\b/g, 'their');
}

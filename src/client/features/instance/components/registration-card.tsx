import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import {
  type InstanceSettings,
  REGISTRATION_POLICIES,
  type RegistrationPolicy,
  type SignupInvitation,
} from '#shared/schemas/instance-settings.ts';
import { Button } from '#client/components/ui/button.tsx';
import { SectionCard } from '#client/components/ui/card.tsx';
import { CopyField } from '#client/components/ui/copy-field.tsx';
import { Select, Textarea } from '#client/components/ui/input.tsx';
import { QueryView } from '#client/components/ui/query-view.tsx';
import { toast, toastError } from '#client/components/ui/use-toast.ts';
import {
  useCreateSignupInvitation,
  useInstanceSettings,
  useSignupInvitations,
  useUpdateInstanceSettings,
  useWithdrawSignupInvitation,
} from '../api/registration.ts';

const POLICY_LABELS: Record<RegistrationPolicy, MessageDescriptor> = {
  open: msg`Open: anyone may sign up`,
  'invite-only': msg`Invite-only: an organisation's invitation or a sign-up link`,
  closed: msg`Closed: only operators create accounts`,
};

/**
 * 'Sign-up' in the Instance area (operators): who may create an account, the email
 * domains allowed, and one-use sign-up links to hand out.
 */
export function RegistrationCard() {
  const settings = useInstanceSettings();
  const { t } = useLingui();
  return (
    <SectionCard title={t`Sign-up`} description={t`Who may create an account on this server.`}>
      <QueryView
        query={settings}
        loading={t`Loading the sign-up policy`}
        failed={t`Failed to load the sign-up policy`}
      >
        {(current) => (
          <div className="space-y-6">
            <PolicyForm key={JSON.stringify(current)} current={current} />
            <SignupLinks />
          </div>
        )}
      </QueryView>
    </SectionCard>
  );
}

function PolicyForm({ current }: { current: InstanceSettings }) {
  const update = useUpdateInstanceSettings();
  const { t, i18n } = useLingui();
  const [registration, setRegistration] = useState<RegistrationPolicy>(current.registration);
  const [domains, setDomains] = useState(current.allowedEmailDomains.join('\n'));
  const save = (e: React.FormEvent) => {
    e.preventDefault();
    const allowedEmailDomains = domains
      .split(/[\s,]+/)
      .map((d) => d.trim())
      .filter(Boolean);
    update.mutate(
      { registration, allowedEmailDomains },
      {
        onSuccess: (saved) =>
          toast({ title: t`Sign-up policy saved`, description: i18n._(POLICY_LABELS[saved.registration]) }),
        onError: (err) => toastError(t`Sign-up policy not saved`, err, t`Something went wrong`),
      },
    );
  };
  return (
    <form className="space-y-4" onSubmit={save} aria-label={t`Sign-up policy`}>
      {current.registration === 'open' && (
        <p role="note" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          <Trans>
            Anyone who finds this server can sign up and send mail from its address. Once your own people have
            accounts, consider making sign-up invite-only or closed.
          </Trans>
        </p>
      )}
      <div className="space-y-1.5">
        <label htmlFor="registration-policy" className="text-sm font-medium">
          <Trans>Who may sign up</Trans>
        </label>
        <Select
          id="registration-policy"
          value={registration}
          onChange={(e) => setRegistration(e.target.value as RegistrationPolicy)}
        >
          {REGISTRATION_POLICIES.map((p) => (
            <option key={p} value={p}>
              {i18n._(POLICY_LABELS[p])}
            </option>
          ))}
        </Select>
        <p className="text-xs text-muted-foreground">
          {current.registrationSource === 'env'
            ? t`Now set by the REGISTRATION setting of the server; saving here overrides it.`
            : t`Set here, overriding the REGISTRATION setting of the server.`}
        </p>
      </div>
      <div className="space-y-1.5">
        <label htmlFor="registration-domains" className="text-sm font-medium">
          <Trans>Allowed email domains</Trans>
        </label>
        <Textarea
          id="registration-domains"
          value={domains}
          placeholder="example.org"
          dir="ltr"
          onChange={(e) => setDomains(e.target.value)}
        />
        <p className="text-xs text-muted-foreground">
          <Trans>One a line. Empty: every domain may sign up.</Trans>
        </p>
      </div>
      <Button type="submit" disabled={update.isPending}>
        {update.isPending ? t`Saving...` : t`Save sign-up policy`}
      </Button>
    </form>
  );
}

function SignupLinkRow({
  link,
  withdraw,
}: {
  link: SignupInvitation;
  withdraw: ReturnType<typeof useWithdrawSignupInvitation>;
}) {
  const { t, i18n } = useLingui();
  const expires = i18n.date(link.expiresAt, { dateStyle: 'medium' });
  const id = link.id;
  const by = link.createdBy;
  return (
    <li
      className="flex flex-wrap items-center justify-between gap-3 py-2 text-sm"
      data-testid="signup-link-row"
    >
      <span>{by ? t`Link ${id} by ${by} · expires ${expires}` : t`Link ${id} · expires ${expires}`}</span>
      <Button
        size="sm"
        variant="outline"
        disabled={withdraw.isPending}
        aria-label={t`Withdraw sign-up link ${id}`}
        onClick={() => withdraw.mutate(link.id)}
      >
        <Trans>Withdraw</Trans>
      </Button>
    </li>
  );
}

function SignupLinks() {
  const links = useSignupInvitations();
  const create = useCreateSignupInvitation();
  const withdraw = useWithdrawSignupInvitation();
  const { t } = useLingui();
  return (
    <div className="space-y-3 border-t border-border pt-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h4 className="text-sm font-medium">
            <Trans>Sign-up links</Trans>
          </h4>
          <p className="text-xs text-muted-foreground">
            <Trans>Each makes one account, whatever the policy, for 7 days. The link is shown once.</Trans>
          </p>
        </div>
        <Button
          variant="outline"
          disabled={create.isPending}
          onClick={() =>
            create.mutate(undefined, {
              onError: (err) => toastError(t`Sign-up link not created`, err, t`Something went wrong`),
            })
          }
        >
          <Trans>Create sign-up link</Trans>
        </Button>
      </div>
      {create.data && (
        <div className="space-y-1.5">
          <CopyField
            id="signup-link"
            label={t`New sign-up link`}
            value={create.data.url}
            notice={{ title: t`Sign-up link copied!` }}
          />
        </div>
      )}
      <QueryView
        loading={t`Loading sign-up links`}
        failed={t`Failed to load sign-up links`}
        empty={t`No unused sign-up links.`}
        query={links}
      >
        {(list) => (
          <ul className="divide-y divide-border">
            {list.map((link) => (
              <SignupLinkRow key={link.id} link={link} withdraw={withdraw} />
            ))}
          </ul>
        )}
      </QueryView>
    </div>
  );
}

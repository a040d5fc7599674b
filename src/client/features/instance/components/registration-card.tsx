import { format, parseISO } from 'date-fns';
import { useState } from 'react';
import { DATE_FORMAT } from '#shared/constants.ts';
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

const POLICY_LABELS: Record<RegistrationPolicy, string> = {
  open: 'Open: anyone may sign up',
  'invite-only': "Invite-only: an organisation's invitation or a sign-up link",
  closed: 'Closed: only operators create accounts',
};

/**
 * 'Sign-up' in the Instance area (operators): who may create an account, the email
 * domains allowed, and one-use sign-up links to hand out.
 */
export function RegistrationCard() {
  const settings = useInstanceSettings();
  return (
    <SectionCard title="Sign-up" description="Who may create an account on this server.">
      <QueryView
        query={settings}
        loading="Loading the sign-up policy"
        failed="Failed to load the sign-up policy"
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
          toast({ title: 'Sign-up policy saved', description: POLICY_LABELS[saved.registration] }),
        onError: (err) => toastError('Sign-up policy not saved', err, 'Something went wrong'),
      },
    );
  };
  return (
    <form className="space-y-4" onSubmit={save} aria-label="Sign-up policy">
      {current.registration === 'open' && (
        <p role="note" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          Anyone who finds this server can sign up and send mail from its address. Once your own people have
          accounts, consider making sign-up invite-only or closed.
        </p>
      )}
      <div className="space-y-1.5">
        <label htmlFor="registration-policy" className="text-sm font-medium">
          Who may sign up
        </label>
        <Select
          id="registration-policy"
          value={registration}
          onChange={(e) => setRegistration(e.target.value as RegistrationPolicy)}
        >
          {REGISTRATION_POLICIES.map((p) => (
            <option key={p} value={p}>
              {POLICY_LABELS[p]}
            </option>
          ))}
        </Select>
        <p className="text-xs text-muted-foreground">
          {current.registrationSource === 'env'
            ? 'Now set by the REGISTRATION setting of the server; saving here overrides it.'
            : 'Set here, overriding the REGISTRATION setting of the server.'}
        </p>
      </div>
      <div className="space-y-1.5">
        <label htmlFor="registration-domains" className="text-sm font-medium">
          Allowed email domains
        </label>
        <Textarea
          id="registration-domains"
          value={domains}
          placeholder="example.org"
          onChange={(e) => setDomains(e.target.value)}
        />
        <p className="text-xs text-muted-foreground">One a line. Empty: every domain may sign up.</p>
      </div>
      <Button type="submit" disabled={update.isPending}>
        {update.isPending ? 'Saving...' : 'Save sign-up policy'}
      </Button>
    </form>
  );
}

const LINKS_VIEW = {
  loading: 'Loading sign-up links',
  failed: 'Failed to load sign-up links',
  empty: 'No unused sign-up links.',
};

function SignupLinkRow({
  link,
  withdraw,
}: {
  link: SignupInvitation;
  withdraw: ReturnType<typeof useWithdrawSignupInvitation>;
}) {
  const expires = format(parseISO(link.expiresAt), DATE_FORMAT);
  return (
    <li
      className="flex flex-wrap items-center justify-between gap-3 py-2 text-sm"
      data-testid="signup-link-row"
    >
      <span>{`Link ${link.id}${link.createdBy ? ` by ${link.createdBy}` : ''} · expires ${expires}`}</span>
      <Button
        size="sm"
        variant="outline"
        disabled={withdraw.isPending}
        aria-label={`Withdraw sign-up link ${link.id}`}
        onClick={() => withdraw.mutate(link.id)}
      >
        Withdraw
      </Button>
    </li>
  );
}

function SignupLinks() {
  const links = useSignupInvitations();
  const create = useCreateSignupInvitation();
  const withdraw = useWithdrawSignupInvitation();
  return (
    <div className="space-y-3 border-t border-border pt-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h4 className="text-sm font-medium">Sign-up links</h4>
          <p className="text-xs text-muted-foreground">
            Each makes one account, whatever the policy, for 7 days. The link is shown once.
          </p>
        </div>
        <Button
          variant="outline"
          disabled={create.isPending}
          onClick={() =>
            create.mutate(undefined, {
              onError: (err) => toastError('Sign-up link not created', err, 'Something went wrong'),
            })
          }
        >
          Create sign-up link
        </Button>
      </div>
      {create.data && (
        <div className="space-y-1.5">
          <CopyField
            id="signup-link"
            label="New sign-up link"
            value={create.data.url}
            notice={{ title: 'Sign-up link copied!' }}
          />
        </div>
      )}
      <QueryView {...LINKS_VIEW} query={links}>
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

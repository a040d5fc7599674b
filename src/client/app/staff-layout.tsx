import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Building2,
  History,
  CalendarDays,
  LayoutDashboard,
  LayoutTemplate,
  LogOut,
  type LucideIcon,
  Megaphone,
  Menu,
  Server,
  Settings,
  Upload,
  User,
} from 'lucide-react';
import { Dialog as D } from 'radix-ui';
import { useState } from 'react';
import { Link, NavLink, Outlet } from 'react-router';
import type { PublicUser } from '#shared/schemas/auth.ts';
import { Button } from '#client/components/ui/button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '#client/components/ui/dropdown-menu.tsx';
import { useUser, UserAvatar, displayName, roleLabel } from '#client/features/auth/index.ts';
import { SuspendedBanner } from '#client/features/instance/index.ts';
import { useOrganization, useRole } from '#client/features/organization/index.ts';
import { TooltipProvider } from '#client/components/ui/tooltip.tsx';
import { useDevTools } from '#client/lib/server-info.ts';
import { cn } from '#client/lib/utils.ts';
import { useProfileLanguage } from './use-profile-language.ts';

const MAIN_LINKS = [
  { to: '/', label: msg`Dashboard`, icon: LayoutDashboard, end: true },
  { to: '/campaigns', label: msg`Campaigns`, icon: Megaphone, end: false },
  { to: '/templates', label: msg`Templates`, icon: LayoutTemplate, end: false },
  { to: '/calendar', label: msg`Calendar`, icon: CalendarDays, end: false },
] as const;

const USER_LINKS = [
  { to: '/profile', label: msg`Profile`, icon: User },
  { to: '/settings', label: msg`Settings`, icon: Settings },
] as const;

/** Shown only to admins: the organisation's activity log. */
const ADMIN_LINKS = [{ to: '/activity', label: msg`Activity Log`, icon: History }] as const;

/** Shown only to the instance's operators: the console of the whole instance. */
const OPERATOR_LINKS = [{ to: '/instance', label: msg`Instance`, icon: Server }] as const;

/** Shown only when the server runs with DEV_TOOLS=1. */
const DEV_LINKS = [{ to: '/upload-test', label: msg`Test File Upload`, icon: Upload }] as const;

/**
 * The user menu's links: the activity log for admins, the instance console for
 * operators, the debug page only on a server with DEV_TOOLS on.
 */
function useUserLinks() {
  const devTools = useDevTools();
  const { can } = useRole();
  const { data: user } = useUser();
  return [
    ...USER_LINKS,
    ...(can('admin') ? ADMIN_LINKS : []),
    ...(user?.isOperator ? OPERATOR_LINKS : []),
    ...(devTools ? DEV_LINKS : []),
  ];
}

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors',
    isActive ? 'bg-muted text-slate-900' : 'text-muted-foreground hover:bg-muted hover:text-slate-900',
  );

function UserMenu({ user, orgName }: { user: PublicUser; orgName?: string }) {
  const userLinks = useUserLinks();
  const { i18n, t } = useLingui();
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="rounded-full" aria-label={t`User menu`}>
          <UserAvatar user={user} />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56">
        <DropdownMenuLabel className="font-normal">
          <span className="block truncate text-sm font-semibold" dir="auto">
            {displayName(user)}
          </span>
          <span className="block truncate text-xs text-muted-foreground" dir="auto">
            {orgName ?? `@${user.username}`}
          </span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {userLinks.map(({ to, label, icon: Icon }) => (
          <DropdownMenuItem key={to} asChild>
            <Link to={to}>
              <Icon aria-hidden="true" />
              {i18n._(label)}
            </Link>
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/logout">
            <LogOut aria-hidden="true" className="rtl:-scale-x-100" />
            <Trans>Sign out</Trans>
          </Link>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** A link of the phone menu: its icon and label; following it closes the menu. */
function SheetLink({
  link: { to, label, icon: Icon, end },
  onClick,
}: {
  link: { to: string; label: MessageDescriptor; icon: LucideIcon; end?: boolean };
  onClick: () => void;
}) {
  const { i18n } = useLingui();
  return (
    <NavLink
      to={to}
      end={end}
      onClick={onClick}
      className={(s) => cn(navLinkClass(s), 'flex items-center gap-3')}
    >
      <Icon className="size-4" aria-hidden="true" />
      {i18n._(label)}
    </NavLink>
  );
}

/** The phone menu: a sheet sliding in from the start side (the left; the right in a right-to-left language). */
function MobileMenu({ orgName, role }: { orgName?: string; role?: string }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  const userLinks = useUserLinks();
  return (
    <D.Root open={open} onOpenChange={setOpen}>
      <D.Trigger asChild>
        <Button variant="ghost" size="icon" className="md:hidden" aria-label={t`Open main menu`}>
          <Menu aria-hidden="true" />
        </Button>
      </D.Trigger>
      <D.Portal>
        <D.Overlay className="fixed inset-0 z-50 bg-black/60" />
        <D.Content className="fixed inset-y-0 start-0 z-50 flex w-72 max-w-[85vw] flex-col gap-4 overflow-y-auto bg-white p-4 shadow-lg">
          <div className="flex items-center justify-between">
            <D.Title className="text-lg font-semibold">
              <Trans>Main Menu</Trans>
            </D.Title>
            <D.Close asChild>
              <Button variant="ghost" size="icon" aria-label={t`Close menu`}>
                <span aria-hidden="true" className="text-xl leading-none">
                  &times;
                </span>
              </Button>
            </D.Close>
          </div>
          <D.Description className="sr-only">
            <Trans>Navigate between the parts of Rally.</Trans>
          </D.Description>
          <div className="flex items-center gap-3 rounded-md bg-muted p-3">
            <Building2 className="size-8 shrink-0 text-primary" aria-hidden="true" />
            <div className="min-w-0">
              <p className="truncate font-semibold" dir="auto">
                {orgName ?? t`Your organization`}
              </p>
              <p className="text-xs text-muted-foreground">{roleLabel(role)}</p>
            </div>
          </div>
          <nav aria-label={t`Mobile`} className="flex flex-col gap-1">
            {MAIN_LINKS.map((link) => (
              <SheetLink key={link.to} link={link} onClick={close} />
            ))}
            <hr className="my-2 border-border" />
            {userLinks.map((link) => (
              <SheetLink key={link.to} link={link} onClick={close} />
            ))}
            <Link
              to="/logout"
              onClick={close}
              className="flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-muted-foreground hover:bg-muted hover:text-slate-900"
            >
              <LogOut className="size-4 rtl:-scale-x-100" aria-hidden="true" />
              <Trans>Sign out</Trans>
            </Link>
          </nav>
        </D.Content>
      </D.Portal>
    </D.Root>
  );
}

/** Header, navigation and user menu around every staff screen. */
export default function StaffLayout() {
  const { data: user } = useUser();
  const { data: org } = useOrganization({ enabled: Boolean(user?.organizationId) });
  const orgName = user?.organizationId ? org?.name : undefined;
  const { i18n, t } = useLingui();
  useProfileLanguage(user);

  return (
    <TooltipProvider>
      <div className="min-h-screen bg-slate-50">
        <a
          href="#main-content"
          className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
        >
          <Trans>Skip to content</Trans>
        </a>
        <header className="sticky top-0 z-40 border-b border-border bg-white">
          <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:px-6">
            {user && <MobileMenu orgName={orgName} role={user.role} />}
            <Link to="/" className="flex items-center gap-2 font-bold text-primary">
              <Megaphone className="size-6" aria-hidden="true" />
              <span className="text-lg">Rally</span>
            </Link>
            {orgName && (
              <span
                className="hidden truncate border-s border-border ps-3 text-sm text-muted-foreground lg:inline"
                dir="auto"
              >
                {orgName}
              </span>
            )}
            {user && (
              <nav aria-label={t`Main`} className="ms-6 hidden items-center gap-1 md:flex">
                {MAIN_LINKS.map(({ to, label, end }) => (
                  <NavLink key={to} to={to} end={end} className={navLinkClass}>
                    {i18n._(label)}
                  </NavLink>
                ))}
              </nav>
            )}
            <div className="ms-auto flex items-center gap-2">
              {user ? (
                <UserMenu user={user} orgName={orgName} />
              ) : (
                <Button asChild size="sm">
                  <Link to="/auth">
                    <Trans>Sign in</Trans>
                  </Link>
                </Button>
              )}
            </div>
          </div>
        </header>
        <SuspendedBanner organization={user?.organizationId ? org : undefined} />
        <div id="main-content" tabIndex={-1} className="outline-none">
          <Outlet />
        </div>
      </div>
    </TooltipProvider>
  );
}

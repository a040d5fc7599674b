import { instanceOrgsQuerySchema, type InstanceOrg } from '#shared/schemas/instance-console.ts';
import { listOrganizations } from '../../modules/instance/index.ts';
import { type AdminCommand, checked } from '../command.ts';

const MB = 1024 * 1024;
const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;

/** The columns of the printed table: header and cell. */
const COLUMNS: [header: string, cell: (o: InstanceOrg) => string][] = [
  ['ID', (o) => String(o.id)],
  ['USERNAME', (o) => o.username],
  ['NAME', (o) => o.name],
  ['CREATED', (o) => o.createdAt.slice(0, 10)],
  ['MEMBERS', (o) => String(o.members)],
  ['CAMPAIGNS', (o) => String(o.campaigns)],
  ['SHARES_30D', (o) => String(o.shares30d)],
  ['CLICKS_30D', (o) => String(o.clicks30d)],
  ['MAIL_TODAY', (o) => String(o.mailToday)],
  ['MAIL_MONTH', (o) => String(o.mailMonth)],
  ['STORAGE', (o) => `${mb(o.storageBytes)}/${mb(o.storageQuotaBytes)}`],
  ['LAST_ACTIVITY', (o) => o.lastActivityAt?.slice(0, 16).replace('T', ' ') ?? '-'],
  ['STATUS', (o) => (o.status === 'suspended' ? `suspended: ${o.suspendedReason ?? ''}` : 'active')],
];

const OPTIONS: AdminCommand['options'] = {
  search: { type: 'string', description: 'Part of the name or username' },
  status: { type: 'string', description: 'active or suspended' },
  sort: {
    type: 'string',
    description:
      'name, createdAt (default), members, campaigns, shares30d, clicks30d, mailToday, mailMonth, storage or lastActivity',
  },
  order: { type: 'string', description: 'asc or desc (default: asc for name, desc for the rest)' },
  page: { type: 'string', description: 'Which page (from 1)' },
  'page-size': { type: 'string', description: 'Organisations a page (at most 200; default 50)' },
  json: {
    type: 'boolean',
    description: 'Print the page as JSON, as GET /api/instance/organizations answers',
  },
};

const command: AdminCommand = {
  name: 'list-orgs',
  summary: 'List the organisations with their figures, as the console table shows them',
  usage: '[--search <text>] [--status active|suspended] [--sort <column>] [--order asc|desc] [--page <n>]',
  options: OPTIONS,
  run: async ({ db, config, print }, { options }) => {
    const query = checked(
      instanceOrgsQuerySchema,
      Object.fromEntries(
        Object.entries({
          q: options.search,
          status: options.status,
          sort: options.sort,
          order: options.order,
          page: options.page,
          pageSize: options['page-size'],
        }).filter(([, v]) => v !== undefined),
      ),
      'Organisations',
    );
    const page = await listOrganizations({ db, storageQuotaBytes: config.uploadQuotaBytes }, query);
    if (options.json) {
      print(JSON.stringify(page, null, 2));
      return;
    }
    const rows = [
      COLUMNS.map(([header]) => header),
      ...page.items.map((o) => COLUMNS.map(([, cell]) => cell(o))),
    ];
    const widths = COLUMNS.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
    for (const row of rows)
      print(
        row
          .map((cell, i) => cell.padEnd(widths[i]!))
          .join('  ')
          .trimEnd(),
      );
    const pages = Math.max(1, Math.ceil(page.total / page.pageSize));
    print(
      `${page.total} organisation${page.total === 1 ? '' : 's'}, page ${page.page} of ${pages}` +
        (page.figuresAsOf ? `; figures as of ${page.figuresAsOf}` : ''),
    );
  },
};

export default command;

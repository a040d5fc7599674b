import { INSTANCE_LIST_PAGE_SIZE, type InstanceAuditPage } from '#shared/schemas/instance-suspension.ts';
import type { Db } from '../../db/client.ts';

/** One page of the instance audit log (lib/instance-audit.ts writes it), newest first. */
export async function listInstanceAudit(db: Db, page: number): Promise<InstanceAuditPage> {
  const pageSize = INSTANCE_LIST_PAGE_SIZE;
  const [rows, count] = await Promise.all([
    db
      .selectFrom('instanceAudit')
      .select(['id', 'action', 'actorName', 'target', 'organizationId', 'detail', 'createdAt'])
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    db
      .selectFrom('instanceAudit')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((r) => ({
      ...r,
      detail: r.detail ? (JSON.parse(r.detail) as Record<string, unknown>) : null,
    })),
    total: Number(count.n),
    page,
    pageSize,
  };
}

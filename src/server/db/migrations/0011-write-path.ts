import { sql } from 'kysely';
import type { AnyDb, DialectName } from '../dialect.ts';

// PostgreSQL: a click-through confirmation in one round trip. The function takes the
// share's transaction-scoped advisory lock (the same key as before), then checks the
// per-visitor and per-network limits and inserts. In a VOLATILE function each query
// takes a new snapshot under READ COMMITTED, so the checks that follow the lock see
// every click committed by whoever held it before: the limits stay exact under
// simultaneous clicks, as with the checks sent one by one. Called as one statement
// (its own transaction), the lock is held until that commit. SQLite needs nothing:
// its clicks are checked and written inside one in-process group commit.
export async function up(db: AnyDb, dialect: DialectName): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`
    create function record_click_through(
      p_campaign_id integer,
      p_ref text,
      p_visitor_id text,
      p_network_hash text,
      p_created_at text,
      p_dedup_since text,
      p_network_since text,
      p_network_cap integer
    ) returns boolean
    language plpgsql volatile
    as $fn$
    declare
      s record;
    begin
      select id, "campaignId", "organizationId", "supporterId" into s from shares where ref = p_ref;
      -- Unknown code, a code of another campaign, or the sharer's own visit: nothing counts.
      if not found or s."campaignId" <> p_campaign_id or s."supporterId" = p_visitor_id then
        return false;
      end if;
      perform pg_advisory_xact_lock(s.id::int8);
      if exists (
        select 1 from clicks
        where "shareId" = s.id and "visitorId" = p_visitor_id and "createdAt" > p_dedup_since
      ) then
        return false;
      end if;
      if (
        select count(*) from (
          select 1 from clicks
          where "shareId" = s.id and "networkHash" = p_network_hash and "createdAt" > p_network_since
          limit p_network_cap
        ) recent
      ) >= p_network_cap then
        return false;
      end if;
      insert into clicks ("shareId", "campaignId", "organizationId", "sharerId", "visitorId", "networkHash", "createdAt")
      values (s.id, s."campaignId", s."organizationId", s."supporterId", p_visitor_id, p_network_hash, p_created_at);
      return true;
    end
    $fn$`.execute(db);
}

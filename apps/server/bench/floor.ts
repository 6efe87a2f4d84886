/**
 * The floor of the HTTP benchmark: the data access list as a bare Fastify route over
 * Gatehouse's own tables, with no authentication, no validation library and no ORM. Each
 * request sends only the page query (the same deferred join Gatehouse sends) and the count,
 * in parallel on two pooled connections. Nothing can answer that request for less: it is the
 * physical limit the server is measured against.
 *
 * The total is `count(*)` (FLOOR_TOTAL=count, as issue 11 defines the floor) or, with
 * FLOOR_TOTAL=kept, the count the server's triggers keep in list_counts (migration 0009),
 * which is what the server itself reads for an unfiltered list. The unfiltered statements are
 * prepared (named); the keyword ones are not, since a generic plan of `ilike $2` cannot know
 * the pattern and may walk the list index instead of the trigram indexes.
 *
 * Run as a child process of the benchmark: DATABASE_URL and PORT, like the server.
 */
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
pool.on('error', () => {});

const COLUMNS = `d.resource_id, d.application_id, d.id, d.name, d.category, d.object_id, d.set_id,
  d.created_at, d.updated_at`;
/** `or` of the keyword over the same fields as the server's keyword search (name, id, category). */
const KEYWORD = `(name ilike $2 or id ilike $2 or category ilike $2)`;

const page = (where: string, limit: string, offset: string) => `
  select ${COLUMNS} from data_accesses d
  join (select resource_id from data_accesses where ${where}
        order by created_at desc, resource_id desc limit ${limit} offset ${offset}) k
    on d.resource_id = k.resource_id
  order by d.created_at desc, d.resource_id desc`;

const STATEMENTS = {
  page: { name: 'floor-page', text: page('application_id = $1', '$2', '$3') },
  count:
    process.env.FLOOR_TOTAL === 'kept'
      ? {
          name: 'floor-kept-count',
          text: `select n::int as n from list_counts where list = 'data_accesses' and scope = $1`,
        }
      : {
          name: 'floor-count',
          text: 'select count(*)::int as n from data_accesses where application_id = $1',
        },
  searchPage: { text: page(`application_id = $1 and ${KEYWORD}`, '$3', '$4') },
  searchCount: {
    text: `select count(*)::int as n from data_accesses where application_id = $1 and ${KEYWORD}`,
  },
};

type Row = {
  resource_id: string;
  application_id: string;
  id: string;
  name: string;
  category: string;
  object_id: string | null;
  set_id: string | null;
  created_at: Date;
  updated_at: Date;
};

/** The same body as the server's list: its field names and its envelope. */
const toDto = (r: Row) => ({
  resourceId: r.resource_id,
  name: r.name,
  id: r.id,
  category: r.category,
  applicationId: r.application_id,
  objectId: r.object_id,
  setId: r.set_id,
  createdDate: r.created_at.toISOString(),
  lastModifiedDate: r.updated_at.toISOString(),
});

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

const app = Fastify({ logger: false });

app.get('/accesses', async (request) => {
  const q = request.query as { applicationId: string; page?: string; size?: string; keyword?: string };
  const size = Number(q.size ?? 10);
  const offset = Number(q.page ?? 0) * size;
  const keyword = q.keyword?.trim();
  const [rows, count] = keyword
    ? await Promise.all([
        pool.query<Row>({
          ...STATEMENTS.searchPage,
          values: [q.applicationId, `%${escapeLike(keyword)}%`, size, offset],
        }),
        pool.query<{ n: number }>({
          ...STATEMENTS.searchCount,
          values: [q.applicationId, `%${escapeLike(keyword)}%`],
        }),
      ])
    : await Promise.all([
        pool.query<Row>({ ...STATEMENTS.page, values: [q.applicationId, size, offset] }),
        pool.query<{ n: number }>({ ...STATEMENTS.count, values: [q.applicationId] }),
      ]);
  return { content: rows.rows.map(toDto), totalElements: count.rows[0]?.n ?? 0 };
});

await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => void app.close().then(() => pool.end().then(() => process.exit(0))));

// The one-statement floor for the data-access list: the least a Fastify + pg server must do to
// answer GET /api/admin-service/data/accesses over Gatehouse's own tables, with no authentication:
// one prepared statement that reads the page and the kept count (list_counts), and the same JSON
// shape. Keyword: one ILIKE over name and id, served by Gatehouse's trigram indexes.
// Run it where fastify and pg resolve: PORT=… DATABASE_URL=… node floor-one-statement.mjs
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = Fastify({ logger: false });
const PAGE = `SELECT resource_id AS "resourceId", application_id AS "applicationId", id, name, category,
    created_at AS "createdDate", updated_at AS "lastModifiedDate",
    (SELECT n FROM list_counts WHERE list = 'data_accesses' AND scope = $1) AS total
  FROM data_accesses WHERE application_id = $1 ORDER BY created_at DESC, resource_id DESC LIMIT $2 OFFSET $3`;
const KEYWORD = `SELECT resource_id AS "resourceId", application_id AS "applicationId", id, name, category,
    created_at AS "createdDate", updated_at AS "lastModifiedDate", count(*) OVER () AS total
  FROM data_accesses WHERE application_id = $1 AND (name ILIKE $4 OR id ILIKE $4)
  ORDER BY created_at DESC, resource_id DESC LIMIT $2 OFFSET $3`;
app.get('/api/admin-service/data/accesses', async (req) => {
  const q = req.query;
  const size = Math.min(+q.size || 10, 100);
  const page = Math.max(+q.page || 0, 0);
  const kw = q.keyword ? `%${String(q.keyword).replace(/[%_\\]/g, '\\$&')}%` : null;
  const r = kw
    ? await pool.query({ name: 'kw', text: KEYWORD, values: [q.applicationId, size, page * size, kw] })
    : await pool.query({ name: 'page', text: PAGE, values: [q.applicationId, size, page * size] });
  const total = r.rows.length ? Number(r.rows[0].total) : 0;
  for (const row of r.rows) delete row.total;
  return { content: r.rows, totalElements: total };
});
app.listen({ host: '127.0.0.1', port: +process.env.PORT || 18091 });

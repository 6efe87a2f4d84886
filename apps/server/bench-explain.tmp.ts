import { sql, eq, desc } from 'drizzle-orm';
import { openTestDatabase } from './test/helper.ts';
import { migrateDatabase } from './src/db/migrate.ts';
import { createApplication, seedDataAccesses } from './test/fixtures.ts';
import { DataAccessService } from './src/modules/data-access/service.ts';
const { handle, drop } = await openTestDatabase();
await migrateDatabase(handle);
const db = handle.db;
await createApplication(db, 'big');
await createApplication(db, 'other');
let t = Date.now();
await seedDataAccesses(db, 'big', 100_000);
await seedDataAccesses(db, 'other', 20_000);
console.log('seed ms', Date.now() - t);
await db.execute(sql`vacuum analyze data_accesses`);
const svc = new DataAccessService(db);
for (const page of [0, 5000, 9999]) {
  t = performance.now();
  const r = await svc.list({ applicationId: 'big', page, size: 10 } as never);
  console.log('page', page, (performance.now() - t).toFixed(1), 'ms', r.totalElements, r.content[0]?.id);
  t = performance.now();
  await svc.list({ applicationId: 'big', page, size: 10 } as never);
  console.log('  again', (performance.now() - t).toFixed(1), 'ms');
}
const res: any = await db.execute(sql`explain analyze select "data_accesses".* from data_accesses inner join (select resource_id key from data_accesses where application_id='big' order by created_at desc, resource_id desc limit 10 offset 50000) k on data_accesses.resource_id = k.key order by created_at desc, resource_id desc`);
console.log(res.rows.map((r: any) => r['QUERY PLAN']).join('\n'));
await drop();

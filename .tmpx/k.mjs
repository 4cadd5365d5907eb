import { DuckDBInstance } from '@duckdb/node-api';
const db = await DuckDBInstance.create(':memory:');
const c = await db.connect();
const f = process.argv[2];
await c.run(`ATTACH '${f}' AS k (READ_ONLY)`);
for (const t of ['st_groups','st_split']) {
  const r = await c.runAndReadAll(`SELECT count(*) n FROM k.${t}`); console.log(t, r.getRowObjectsJson());
}
let t0=Date.now(); await c.run(`CREATE TEMP TABLE g AS SELECT * FROM k.st_groups`); console.log('copy groups', Date.now()-t0);
t0=Date.now(); await c.run(`CREATE TEMP TABLE s AS SELECT * FROM k.st_split`); console.log('copy split', Date.now()-t0);
t0=Date.now(); await c.run(`COPY k.st_groups TO '/tmp/g.parquet' (FORMAT parquet)`); console.log('to parquet', Date.now()-t0);
const d = await c.runAndReadAll(`DESCRIBE k.st_groups`); console.log(d.getRowObjectsJson().map(x=>x.column_name+':'+x.column_type).join(' '));

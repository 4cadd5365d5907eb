import { DuckDBInstance } from '@duckdb/node-api';
const db = await DuckDBInstance.create(':memory:');
const c = await db.connect();
const f = process.argv[2];
await c.run(`ATTACH '${f}' AS k (READ_ONLY)`);
for (const cols of ['u, lines, ws_id, sid', 'quantity, agg_u', 'recording_id', 'release_id, label_id', 'reason', '*']) {
  const t0=Date.now(); await c.run(`CREATE OR REPLACE TEMP TABLE g AS SELECT ${cols} FROM k.st_groups`); console.log(cols, Date.now()-t0);
}
let t0=Date.now(); await c.run(`CREATE OR REPLACE TEMP TABLE g AS SELECT * FROM read_parquet('/tmp/g.parquet')`); console.log('parquet *', Date.now()-t0);
t0=Date.now(); const r = await c.runAndReadAll(`SELECT sum(lines), count(DISTINCT sid) FROM k.st_groups`); console.log('scan agg', Date.now()-t0);

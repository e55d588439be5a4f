/** A fresh PostgreSQL database for one bench run, on the server DATABASE_URL names; dropped after. */
import pg from 'pg';

export async function freshDatabase(url: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `omnigate_bench_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const u = new URL(url);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        await c.query(`drop database if exists ${name} with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}

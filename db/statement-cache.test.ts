import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { cachePreparedStatements } from './database';

function database() {
  const db = cachePreparedStatements(new SQLite(':memory:'), 2);
  db.exec('create table pages (id text primary key, title text)');
  db.prepare('insert into pages (id, title) values (?, ?)').run('p1', 'Forside');
  return db;
}

describe('the SQLite statement cache', () => {
  it('compiles a statement once and gives the same answers', () => {
    const db = database();
    const select = 'select * from pages where id = ?';
    expect(db.prepare(select)).toBe(db.prepare(select));
    db.prepare('update pages set title = ? where id = ?').run('Om os', 'p1');
    expect(db.prepare(select).all('p1')).toEqual([{ id: 'p1', title: 'Om os' }]);
  });

  it('sees a column added after the statement was compiled', () => {
    const db = database();
    const select = 'select * from pages where id = ?';
    expect(db.prepare(select).get('p1')).toEqual({ id: 'p1', title: 'Forside' });
    db.exec("alter table pages add column layout text not null default 'standard'");
    expect(db.prepare(select).get('p1')).toEqual({ id: 'p1', title: 'Forside', layout: 'standard' });
  });

  it('never hands out a statement that is still iterating, and keeps only the newest', () => {
    const db = database();
    db.prepare('insert into pages (id, title) values (?, ?)').run('p2', 'Ydelser');
    const all = 'select id from pages order by id';
    const rows = db.prepare(all).iterate() as IterableIterator<{ id: string }>;
    expect(rows.next().value).toEqual({ id: 'p1' });
    // The same SQL while the first is mid-iteration: a statement of its own.
    expect(db.prepare(all).all()).toEqual([{ id: 'p1' }, { id: 'p2' }]);
    expect(rows.next().value).toEqual({ id: 'p2' });
    const first = db.prepare('select 1');
    db.prepare('select 2');
    db.prepare('select 3');
    expect(db.prepare('select 1')).not.toBe(first);
  });
});

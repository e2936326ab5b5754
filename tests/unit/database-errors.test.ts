import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TRPCError } from '@trpc/server';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, MysqlDialect, SqliteDialect, sql } from 'kysely';
import { createConnection, createPool, type Connection, type Pool } from 'mysql2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnreachable, unavailability, unreachableReason } from '../../src/server/db/errors.ts';

/**
 * The one classifier of "the database is gone" (503, DESIGN §3) against the errors the
 * drivers really throw: provoked from mysql2 with small TCP servers that play a MySQL
 * server going away, and from better-sqlite3 with real files. No database server needed.
 */

interface FakeServer {
  port: number;
  close: () => Promise<void>;
}

/** A TCP server on loopback that does `onSocket` with each connection (hang, close, reset, answer). */
function fakeServer(onSocket: (socket: Socket) => void): Promise<FakeServer> {
  return new Promise((resolve) => {
    const sockets = new Set<Socket>();
    const server = createServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => {});
      onSocket(socket);
    });
    server.listen(0, '127.0.0.1', () =>
      resolve({
        port: (server.address() as AddressInfo).port,
        close: () =>
          new Promise<void>((done) => {
            for (const socket of sockets) socket.destroy();
            server.close(() => done());
          }),
      }),
    );
  });
}

/** A MySQL ERR packet (protocol 4.1) as a server sends it instead of its greeting. */
function errorPacket(errno: number, message: string): Buffer {
  const payload = Buffer.concat([Buffer.from([0xff, errno & 0xff, errno >> 8]), Buffer.from(`#HY000${message}`)]);
  return Buffer.concat([Buffer.from([payload.length & 0xff, (payload.length >> 8) & 0xff, payload.length >> 16, 0]), payload]);
}

/** The error a query gets, as Kysely's driver receives it from mysql2's callback. */
function queryError(target: Connection | Pool): Promise<Error> {
  return new Promise((resolve, reject) => target.query('select 1', (error) => (error ? resolve(error) : reject(new Error('the query succeeded')))));
}

function mysqlConnection(port: number, connectTimeout = 2000): Connection {
  const connection = createConnection({ host: '127.0.0.1', port, user: 'club', connectTimeout });
  // A connection's own fatal error is also emitted; the query's callback is what we look at.
  connection.on('error', () => {});
  return connection;
}

let closedPort = 0;
beforeAll(async () => {
  const probe = await fakeServer(() => {});
  closedPort = probe.port;
  await probe.close();
});

describe('mysql2', () => {
  it('a server that is not listening: ECONNREFUSED, then the closed state the soak test answered 500 to', async () => {
    const connection = mysqlConnection(closedPort);
    const refused = await queryError(connection);
    expect(refused).toMatchObject({ code: 'ECONNREFUSED', fatal: true });
    expect(unreachableReason(refused)).toBe('ECONNREFUSED');
    // mysql2 keeps the dead connection and answers every later command with this, without a code.
    const closedState = await queryError(connection);
    expect(closedState.message).toBe("Can't add new command when connection is in closed state");
    expect((closedState as Error & { code?: string }).code).toBeUndefined();
    expect(unreachableReason(closedState)).toBe("Can't add new command when connection is in closed state");
  });

  it('a server that accepts and never greets: ETIMEDOUT after connectTimeout', async () => {
    const silent = await fakeServer(() => {});
    try {
      const timedOut = await queryError(mysqlConnection(silent.port, 100));
      expect(timedOut).toMatchObject({ code: 'ETIMEDOUT' });
      expect(isDatabaseUnreachable(timedOut)).toBe(true);
    } finally {
      await silent.close();
    }
  });

  it('a server that closes or resets the connection: PROTOCOL_CONNECTION_LOST, ECONNRESET', async () => {
    const closing = await fakeServer((socket) => socket.end());
    const resetting = await fakeServer((socket) => socket.resetAndDestroy());
    try {
      const lost = await queryError(mysqlConnection(closing.port));
      expect(lost).toMatchObject({ code: 'PROTOCOL_CONNECTION_LOST', message: 'Connection lost: The server closed the connection.' });
      expect(unreachableReason(lost)).toBe('PROTOCOL_CONNECTION_LOST');
      const reset = await queryError(mysqlConnection(resetting.port));
      expect(reset).toMatchObject({ code: 'ECONNRESET' });
      expect(unreachableReason(reset)).toBe('ECONNRESET');
    } finally {
      await closing.close();
      await resetting.close();
    }
  });

  it.each([
    [1053, 'Server shutdown in progress', 'ER_SERVER_SHUTDOWN'],
    [1040, 'Too many connections', 'ER_CON_COUNT_ERROR'],
    // MariaDB's answer to every connection it kills while shutting down; mysql2 has no name for it.
    [1927, 'Connection was killed', 'Fehler 1927'],
    [2013, 'Lost connection to server during query', 'Fehler 2013'],
    [4031, 'The client was disconnected by the server because of inactivity.', 'ER_CLIENT_INTERACTION_TIMEOUT'],
  ])('the server says %i (%s): unreachable', async (errno, message, reason) => {
    const server = await fakeServer((socket) => socket.end(errorPacket(errno, message)));
    try {
      const error = await queryError(mysqlConnection(server.port));
      expect(error).toMatchObject({ errno, message });
      expect(unreachableReason(error)).toBe(reason);
    } finally {
      await server.close();
    }
  });

  it.each([
    [1205, 'Lock wait timeout exceeded; try restarting transaction'],
    [1213, 'Deadlock found when trying to get lock; try restarting transaction'],
    [1062, "Duplicate entry '1' for key 'PRIMARY'"],
    [1045, "Access denied for user 'club'@'localhost' (using password: YES)"],
  ])('the server refuses with %i (%s): the statement’s or the setup’s own fault, not an outage', async (errno, message) => {
    const server = await fakeServer((socket) => socket.end(errorPacket(errno, message)));
    try {
      const error = await queryError(mysqlConnection(server.port));
      expect(error).toMatchObject({ errno, message });
      expect(isDatabaseUnreachable(error)).toBe(false);
    } finally {
      await server.close();
    }
  });

  it('a pool that was ended, and a pool whose queue of waiting requests is full', async () => {
    const ended = createPool({ host: '127.0.0.1', port: closedPort });
    await new Promise((resolve) => ended.end(resolve));
    const closed = await queryError(ended);
    expect(closed.message).toBe('Pool is closed.');
    expect(isDatabaseUnreachable(closed)).toBe(true);

    const silent = await fakeServer(() => {});
    const busy = createPool({ host: '127.0.0.1', port: silent.port, connectionLimit: 1, queueLimit: 1, connectTimeout: 200 });
    try {
      const connecting = queryError(busy);
      const waiting = queryError(busy);
      const refused = await queryError(busy);
      expect(refused.message).toBe('Queue limit reached.');
      // 503 too, but the database may only be slow: no outage by itself.
      expect(unavailability(refused)).toEqual({ reason: 'Queue limit reached.', gone: false });
      expect(unavailability(await connecting)).toEqual({ reason: 'ETIMEDOUT', gone: true });
      expect(unreachableReason(await waiting)).toBe('ETIMEDOUT');
    } finally {
      await new Promise((resolve) => busy.end(resolve));
      await silent.close();
    }
  });

  it('through Kysely (which extends the stack) and wrapped by tRPC as the cause of its error', async () => {
    const db = new Kysely<Record<string, never>>({ dialect: new MysqlDialect({ pool: createPool({ host: '127.0.0.1', port: closedPort }) }) });
    try {
      const error = await sql`select 1`.execute(db).then(
        () => undefined,
        (caught: unknown) => caught,
      );
      expect(unreachableReason(error)).toBe('ECONNREFUSED');
      expect(unreachableReason(new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: error }))).toBe('ECONNREFUSED');
    } finally {
      await db.destroy();
    }
  });
});

describe('better-sqlite3', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'club-sqlite-errors-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('another writer holds the lock beyond busy_timeout: SQLITE_BUSY', () => {
    const file = join(dir, 'busy.sqlite');
    const holder = new SqliteDatabase(file);
    holder.exec('create table t (x integer primary key)');
    const writer = new SqliteDatabase(file);
    writer.pragma('busy_timeout = 20');
    holder.exec('begin immediate');
    try {
      let busy: unknown;
      try {
        writer.prepare('insert into t values (1)').run();
      } catch (error) {
        busy = error;
      }
      expect(busy).toBeInstanceOf(SqliteDatabase.SqliteError);
      expect(busy).toMatchObject({ code: 'SQLITE_BUSY', message: 'database is locked' });
      expect(unreachableReason(busy)).toBe('SQLITE_BUSY');
      // The extended kinds SQLite may report instead, made as better-sqlite3 makes them.
      for (const code of ['SQLITE_BUSY_TIMEOUT', 'SQLITE_BUSY_SNAPSHOT', 'SQLITE_BUSY_RECOVERY', 'SQLITE_IOERR_READ']) {
        expect(unreachableReason(new SqliteDatabase.SqliteError('database is locked', code))).toBe(code);
      }
    } finally {
      holder.exec('rollback');
      holder.close();
      writer.close();
    }
  });

  it('the file cannot be opened (SQLITE_CANTOPEN) or the connection is closed', () => {
    let cantOpen: unknown;
    try {
      // A folder where the file should be: SQLite cannot open it once it first reads.
      new SqliteDatabase(dir).prepare('create table t (x)').run();
    } catch (error) {
      cantOpen = error;
    }
    expect(cantOpen).toMatchObject({ code: 'SQLITE_CANTOPEN' });
    expect(isDatabaseUnreachable(cantOpen)).toBe(true);

    const closed = new SqliteDatabase(':memory:');
    closed.close();
    let notOpen: unknown;
    try {
      closed.prepare('select 1');
    } catch (error) {
      notOpen = error;
    }
    expect(notOpen).toBeInstanceOf(TypeError);
    expect(unreachableReason(notOpen)).toBe('The database connection is not open');
  });

  it('a statement’s own faults are not an outage: SQLITE_LOCKED, a busy connection, a constraint', () => {
    const database = new SqliteDatabase(':memory:');
    try {
      database.exec('create table t (x integer primary key); insert into t values (1), (2)');
      const rows = database.prepare('select * from t').iterate();
      rows.next();
      let busyConnection: unknown;
      try {
        database.exec('drop table t');
      } catch (error) {
        busyConnection = error;
      }
      rows.return?.();
      expect(busyConnection).toMatchObject({ message: 'This database connection is busy executing a query' });
      expect(isDatabaseUnreachable(busyConnection)).toBe(false);
      let duplicate: unknown;
      try {
        database.prepare('insert into t values (1)').run();
      } catch (error) {
        duplicate = error;
      }
      expect(duplicate).toMatchObject({ code: 'SQLITE_CONSTRAINT_PRIMARYKEY' });
      expect(isDatabaseUnreachable(duplicate)).toBe(false);
      // A conflict inside the one connection (shared cache, a table in use), as better-sqlite3 reports it.
      expect(isDatabaseUnreachable(new SqliteDatabase.SqliteError('database table is locked', 'SQLITE_LOCKED'))).toBe(false);
    } finally {
      database.close();
    }
  });

  it('through Kysely once its driver is destroyed', async () => {
    const db = new Kysely<Record<string, never>>({ dialect: new SqliteDialect({ database: new SqliteDatabase(':memory:') }) });
    // Used, then destroyed, as an app's db after it closed (a driver never used starts afresh).
    await sql`select 1`.execute(db);
    await db.destroy();
    const error = await sql`select 1`.execute(db).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(unreachableReason(error)).toBe('driver has already been destroyed');
  });
});

it('anything else is no outage', () => {
  expect(isDatabaseUnreachable(new Error('boom'))).toBe(false);
  expect(isDatabaseUnreachable(undefined)).toBe(false);
  expect(isDatabaseUnreachable('ECONNREFUSED')).toBe(false);
  expect(isDatabaseUnreachable(new TRPCError({ code: 'NOT_FOUND' }))).toBe(false);
});

/**
 * Every ask_cortex, recorded in the studio's SQLite database (who asked, the intent, the decision
 * and why) before the answer leaves, and shown live in the studio as `blueprint:<n>` records (the
 * latest LOG_RECORDS of them).
 */
import type BetterSqlite3 from 'better-sqlite3';
import type { Blueprint, ContextBlueprintRecord } from '../../../shared/context-records';

/** Blueprints the view keeps (older ones stay in the database). */
export const LOG_RECORDS = 100;

interface Row {
  n: number;
  at: number;
  origin: string;
  intent: string;
  current_file: string | null;
  type: Blueprint['type'];
  target_file: string;
  allowed: number;
  reason: string | null;
  blueprint_id: string;
}

export const blueprintRecordId = (n: number) => `blueprint:${n}`;

function recordOf(row: Row): ContextBlueprintRecord {
  return {
    id: blueprintRecordId(row.n),
    kind: 'blueprint',
    n: row.n,
    at: row.at,
    origin: row.origin,
    intent: row.intent,
    ...(row.current_file ? { currentFile: row.current_file } : {}),
    type: row.type,
    targetFile: row.target_file,
    allowed: row.allowed === 1,
    ...(row.reason ? { reason: row.reason } : {}),
    blueprintId: row.blueprint_id,
  };
}

export class BlueprintLog {
  private readonly insert: BetterSqlite3.Statement;
  private readonly latest: BetterSqlite3.Statement<[number]>;

  constructor(db: BetterSqlite3.Database) {
    db.exec(
      'CREATE TABLE IF NOT EXISTS context_blueprints (n INTEGER PRIMARY KEY AUTOINCREMENT, at INTEGER NOT NULL, origin TEXT NOT NULL, intent TEXT NOT NULL, ' +
        'current_file TEXT, type TEXT NOT NULL, target_file TEXT NOT NULL, allowed INTEGER NOT NULL, reason TEXT, blueprint_id TEXT NOT NULL)',
    );
    this.insert = db.prepare(
      'INSERT INTO context_blueprints (at, origin, intent, current_file, type, target_file, allowed, reason, blueprint_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING *',
    );
    this.latest = db.prepare('SELECT * FROM context_blueprints ORDER BY n DESC LIMIT ?');
  }

  /** Writes one decision (committed when this returns) and answers its record. */
  record(origin: string, intent: string, currentFile: string | undefined, blueprint: Blueprint, at = Date.now()): ContextBlueprintRecord {
    const row = this.insert.get(at, origin, intent, currentFile ?? null, blueprint.type, blueprint.target_file, blueprint.compliance.allowed ? 1 : 0, blueprint.compliance.reason ?? null, blueprint.blueprint_id) as Row;
    return recordOf(row);
  }

  /** The latest decisions, oldest first. */
  recent(limit = LOG_RECORDS): ContextBlueprintRecord[] {
    return (this.latest.all(limit) as Row[]).reverse().map(recordOf);
  }
}

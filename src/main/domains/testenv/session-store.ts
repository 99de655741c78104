/**
 * The sessions as the studio's SQLite keeps them (table testenv_sessions), so that the next core
 * knows what the last one left: a session handed over is adopted (its containers found again by
 * label); one that was not (the core crashed) is reaped.
 */
import type BetterSqlite3 from 'better-sqlite3';
import type { Health, SessionState } from '../../../shared/testenv-records';

/** What a service's container was when the session was saved. */
export interface SavedService {
  containerId?: string;
  health?: Health;
  healthCheckDuration?: number;
}

export interface SavedSession {
  projectPath: string;
  sessionId: string;
  configFile: string;
  state: SessionState;
  networkId?: string;
  /** Images the session built (or checked), by service. */
  built: Record<string, string>;
  services: Record<string, SavedService>;
  handedOver: boolean;
}

interface Row {
  project_path: string;
  session_id: string;
  config_file: string;
  state: SessionState;
  network_id: string | null;
  built: string;
  services: string;
  handed_over: number;
}

export class SessionStore {
  private readonly upsert: BetterSqlite3.Statement;
  private readonly remove: BetterSqlite3.Statement<[string]>;
  private readonly all: BetterSqlite3.Statement<[]>;
  private readonly handOver: BetterSqlite3.Statement<[]>;

  constructor(db: BetterSqlite3.Database) {
    db.exec(`CREATE TABLE IF NOT EXISTS testenv_sessions (
      project_path TEXT PRIMARY KEY,
      session_id TEXT NOT NULL,
      config_file TEXT NOT NULL,
      state TEXT NOT NULL,
      network_id TEXT,
      built TEXT NOT NULL,
      services TEXT NOT NULL,
      handed_over INTEGER NOT NULL DEFAULT 0,
      updated_at INTEGER NOT NULL
    )`);
    this.upsert = db.prepare(
      `INSERT INTO testenv_sessions (project_path, session_id, config_file, state, network_id, built, services, handed_over, updated_at)
       VALUES (@project_path, @session_id, @config_file, @state, @network_id, @built, @services, @handed_over, @updated_at)
       ON CONFLICT(project_path) DO UPDATE SET session_id = excluded.session_id, config_file = excluded.config_file, state = excluded.state,
         network_id = excluded.network_id, built = excluded.built, services = excluded.services, handed_over = excluded.handed_over, updated_at = excluded.updated_at`,
    );
    this.remove = db.prepare('DELETE FROM testenv_sessions WHERE project_path = ?');
    this.all = db.prepare('SELECT * FROM testenv_sessions ORDER BY project_path');
    this.handOver = db.prepare('UPDATE testenv_sessions SET handed_over = 1');
  }

  save(session: SavedSession): void {
    this.upsert.run({
      project_path: session.projectPath,
      session_id: session.sessionId,
      config_file: session.configFile,
      state: session.state,
      network_id: session.networkId ?? null,
      built: JSON.stringify(session.built),
      services: JSON.stringify(session.services),
      handed_over: session.handedOver ? 1 : 0,
      updated_at: Date.now(),
    });
  }

  delete(projectPath: string): void {
    this.remove.run(projectPath);
  }

  list(): SavedSession[] {
    return (this.all.all() as Row[]).map((row) => ({
      projectPath: row.project_path,
      sessionId: row.session_id,
      configFile: row.config_file,
      state: row.state,
      ...(row.network_id ? { networkId: row.network_id } : {}),
      built: JSON.parse(row.built),
      services: JSON.parse(row.services),
      handedOver: row.handed_over === 1,
    }));
  }

  /** Marks every session handed over: the next core adopts them. */
  handOverAll(): void {
    this.handOver.run();
  }
}

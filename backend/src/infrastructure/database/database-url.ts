/** Injection token: the PostgreSQL URL in use (the configured one, or the embedded server's). */
export const DATABASE_URL = Symbol('DATABASE_URL');

/**
 * The password of the read-only SQL-source role (zhengai_sql_reader) in zero-setup mode, where the embedded
 * PostgreSQL asks every login for a password (initdb --auth=password) and listens on 127.0.0.1 only.
 * Like the embedded superuser's, it is local-only; with DATABASE_URL set, SQL_READER_PASSWORD is used instead.
 */
export const EMBEDDED_SQL_READER_PASSWORD = 'zhengai-local-reader';
